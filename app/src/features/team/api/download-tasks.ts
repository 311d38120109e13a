import { useMutation } from '@tanstack/react-query';
import { downloadExport } from '@/lib/download-file';

/** POST /api/v1/impcoaching/task/download/: the tasks as a CSV file, saved by the browser. */
const downloadTasks = () => downloadExport('/api/v1/impcoaching/task/download/', 'tasks.csv');

export const useDownloadTasks = () => useMutation({ mutationFn: downloadTasks });
