import { useInstanceName } from './instanceName';

/** The document title of a screen: 'What · {instance name}' (issue 15, 16), set by React wherever the screen renders it. */
export function PageTitle({ children }: { children: string }) {
  return <title>{`${children} · ${useInstanceName()}`}</title>;
}
