import { createFileRoute } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { Placeholder } from '../../ui/Placeholder';

export const Route = createFileRoute('/_app/export')({
  component: () => (
    <Placeholder icon={Download} title="Export">
      Download your liked and shared articles as a PDF or an EPUB to read offline.
    </Placeholder>
  ),
});
