import { SIGNATURE_MAX_BYTES, SIGNATURE_TEXT } from '../../../core/schemas/visa-letter';
import { removeSignature, signatureUrl, uploadSignature } from '../../api/visa-letters';
import { ImageSettingCard, type ImageSetting } from './image-setting-card';

const SIGNATURE: ImageSetting = {
  field: 'signature',
  heading: 'Signature image',
  description: 'Printed above the organiser’s name on visa letters and certificates. PNG or JPEG, at most 512 KB; a white or clear background looks best.',
  alt: 'The organiser’s signature as uploaded',
  loading: 'Loading the signature…',
  none: 'No signature uploaded: letters carry the name and title only.',
  uploadLabel: 'Upload',
  saveLabel: 'Save signature',
  removeLabel: 'Remove',
  missing: 'Please choose the signature image (PNG or JPEG)',
  tooLarge: SIGNATURE_TEXT.tooLarge,
  failed: 'The signature could not be saved. Please try again.',
  maxBytes: SIGNATURE_MAX_BYTES,
  load: signatureUrl,
  upload: uploadSignature,
  remove: removeSignature,
};

/** Issue 24.4: the organiser's signature image on letters and certificates (PNG or JPEG); shown as stored. */
export function OrganiserSignature({ hasSignature }: { hasSignature: boolean }) {
  return <ImageSettingCard has={hasSignature} setting={SIGNATURE} />;
}
