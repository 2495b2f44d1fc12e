export type { CardGridProps, CardTileProps } from './card-grid';
export { CardGrid, CardTile, CardTileSkeleton } from './card-grid';
