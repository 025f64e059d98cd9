import type { LinkOptions } from '@tanstack/react-router';
import { createContext, useContext } from 'react';

/** Where a row's title leads: the reader's own page, or (with the reader beside the list) the list with it open. */
export type ArticleLinkFor = (articleId: string) => LinkOptions;

const readerPage: ArticleLinkFor = (id) => ({ to: '/article/$id', params: { id } });

export const ArticleLinkContext = createContext<ArticleLinkFor>(readerPage);

/** The link of an article of the list, as the screen around it decides. */
export const useArticleLink = (): ArticleLinkFor => useContext(ArticleLinkContext);
