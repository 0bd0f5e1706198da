import { TAGS } from './tags';
import { ELECTRICAL_TOPICS, MANAGEMENT_TOPICS, SCIENCE_TOPICS } from './track-topics';

/** A track as the call for papers states it (decision 0023): the default tracks of a new install. */
export interface DefaultTrack {
  id: string;
  name: string;
  description: string;
  topics: readonly string[];
}

/**
 * The call for papers' four tracks, each with its own topics. The computing track's topics are the 50 tags of docs/product.md#the-data,
 * so every paper and reviewer tagged before tracks existed keeps its matches; the other three list the call for
 * papers' topics. Migration 0012 inserts these rows; from then on they are data the editor edits.
 */
export const DEFAULT_TRACKS: readonly DefaultTrack[] = [
  {
    id: 'track-1',
    name: 'Science and Materials',
    description: 'Physics, chemistry and the engineering of materials, from the nanoscale to structures.',
    topics: SCIENCE_TOPICS,
  },
  {
    id: 'track-2',
    name: 'Computer Science and Applications',
    description: 'Computing theory, systems and their applications across industry and society.',
    topics: TAGS,
  },
  {
    id: 'track-3',
    name: 'Electrical and Electronics Engineering',
    description: 'Power, electronics, communication and control, from devices to grids.',
    topics: ELECTRICAL_TOPICS,
  },
  {
    id: 'track-4',
    name: 'Management and Social Science',
    description: 'Business, economics, education and society in a changing, digital world.',
    topics: MANAGEMENT_TOPICS,
  },
];

/** The track a submission without one goes to, until the editor names another. */
export const DEFAULT_TRACK_ID = 'track-2';

/** Topics compare as matching does (docs/product.md#validation-and-messages): trimmed and lower-cased. */
export const topicKey = (topic: string): string => topic.trim().toLowerCase();
