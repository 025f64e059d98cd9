import { useInstanceName } from './instanceName';

/** The document title of a screen: 'What · {instance name}', set by React wherever the screen renders it. */
export function PageTitle({ children }: { children: string }) {
  return <title>{`${children} · ${useInstanceName()}`}</title>;
}
