import { useMutation } from '@tanstack/react-query';
import { downloadExport } from '@/lib/download-file';

/** POST /api/v1/coachingportal/commitment/download/: the commitments as a CSV file, saved by the browser. */
const downloadCommitments = () =>
  downloadExport('/api/v1/coachingportal/commitment/download/', 'commitments.csv');

export const useDownloadCommitments = () => useMutation({ mutationFn: downloadCommitments });
