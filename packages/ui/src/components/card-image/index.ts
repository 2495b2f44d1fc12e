export type {
  CardImageProps,
  CardImageSize,
  ScryfallCardFace,
  ScryfallCardLike,
  ScryfallImageUris,
} from './card-image';
export { CardImage, cardImageDimensions } from './card-image';
