/** The reading column shared by the toolbar and the article, so their edges line up: about 70 characters of body text. */
export const READER_COLUMN = 'mx-auto w-full max-w-[46rem] px-4 sm:px-6';
