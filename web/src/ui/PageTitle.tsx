/** The document title of a screen: 'What · Tidings' (issue 15), set by React wherever the screen renders it. */
export function PageTitle({ children }: { children: string }) {
  return <title>{`${children} · Tidings`}</title>;
}
