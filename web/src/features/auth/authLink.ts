/** The style of the small text links between sign-in screens. */
export const authLinkClass = 'font-medium text-accent-strong underline-offset-4 hover:underline';
