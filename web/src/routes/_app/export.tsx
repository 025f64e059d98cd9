import { createFileRoute } from '@tanstack/react-router';
import { ExportScreen } from '../../features/export/ExportScreen';

/** Export: the viewer's liked and shared articles as a PDF or an EPUB. */
export const Route = createFileRoute('/_app/export')({
  component: ExportScreen,
});
