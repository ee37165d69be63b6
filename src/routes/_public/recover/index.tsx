import { createFileRoute } from '@tanstack/react-router';
import { RecoverForm } from '@/features/auth/components/recover-form';

export const Route = createFileRoute('/_public/recover/')({ component: RecoverForm });
