// Numbers as the app writes them: whole counts with their thousands separated, as en-US does ('1,234'), without
// Intl. The browser's first Intl.NumberFormat loads its number data, which took the first screen about 14 ms (55 ms
// with the CPU slowed 4×) for one '30 unread articles'.
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/** A whole number with its thousands separated: '1,234'. */
export const formatNumber = (n: number): string => String(Math.trunc(n)).replace(THOUSANDS, ',');

/** 'N noun' or 'N nouns': '1 article', '1,234 articles'. */
export const countOf = (n: number, noun: string): string => `${formatNumber(n)} ${noun}${n === 1 ? '' : 's'}`;
