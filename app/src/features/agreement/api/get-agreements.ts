import { useQuery } from '@tanstack/react-query';
import { agreementsQueryOptions } from '@/lib/agreements';

export type { ClientAgreement } from '../../../../../contracts/rest/agreements';

export const useAgreements = () => useQuery(agreementsQueryOptions());
