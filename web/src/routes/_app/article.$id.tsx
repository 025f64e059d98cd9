import { createFileRoute } from '@tanstack/react-router';
import { FileText } from 'lucide-react';
import { Placeholder } from '../../ui/Placeholder';

export const Route = createFileRoute('/_app/article/$id')({
  component: () => (
    <Placeholder icon={FileText} title="Reader">
      The article, its likes and the conversation around it will open here.
    </Placeholder>
  ),
});
