import { createContext, useContext } from 'react';

/** The page the route shows (its `PageDef` key), and whether its params fail their checks (404). */
export interface PageInfo {
  page: string | undefined;
  notFound: boolean;
}

export const PageContext = createContext<PageInfo>({ page: undefined, notFound: false });

/** The current page's key (`home`, `dashboard`…), from the route that matches the location. */
export const usePageKey = (): string | undefined => useContext(PageContext).page;

/** Called once the first page has committed (app.tsx marks the app ready then). */
export const ReadyContext = createContext<(() => void) | undefined>(undefined);
