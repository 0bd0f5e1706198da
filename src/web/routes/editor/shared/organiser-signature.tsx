import { SIGNATURE_MAX_BYTES, SIGNATURE_TEXT } from '../../../../core/schemas/visa-letter';
import { getSignatureImage, removeSignature, uploadSignature } from '../../../api/visa-letters';
import { ImageSettingCard, readImage, type ImageSetting } from './image-setting-card';

const SIGNATURE: ImageSetting = {
  field: 'signature',
  heading: 'Signature image',
  description:
    'Printed above the organiser’s name on visa letters and certificates. PNG or JPEG, at most 512 KB; a white or clear background looks best.',
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
  upload: uploadSignature,
  remove: removeSignature,
};

/** For the host route's clientLoader: the stored signature's image, when there is one. */
export const readSignature = (hasSignature: boolean) => readImage(hasSignature, getSignatureImage);

/** Decision 0046: the organiser's signature image on letters and certificates (PNG or JPEG); shown as stored. */
export function OrganiserSignature({ hasSignature, image }: { hasSignature: boolean; image: Blob | null }) {
  return <ImageSettingCard has={hasSignature} image={image} setting={SIGNATURE} />;
}
