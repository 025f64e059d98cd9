import type { LinkOptions } from '@tanstack/react-router';
import { createContext, useContext } from 'react';

/**
 * The reader shown beside the list on a wide screen: the list then owns the keys (j and k open the article they
 * select, m, l, s and v act on it), and the reader's Back closes it (`close`, the list without it).
 */
export type ReaderPane = { close: LinkOptions };

export const ReaderPaneContext = createContext<ReaderPane | null>(null);

/** The pane the reader stands in, or null on the reader's own page. */
export const useReaderPane = (): ReaderPane | null => useContext(ReaderPaneContext);
