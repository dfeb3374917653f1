// Moving to a place of the draft from inside a tab (a procedure's targeting opens its question): the
// editor opens the tab and the panel and focuses the field, as the problem links do.
import { createContext, useContext } from 'react';

export const GoToPlace = createContext<((path: string) => void) | null>(null);

/** The editor's "go to this place", or null outside the editor. */
export const useGoToPlace = () => useContext(GoToPlace);
