import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { ACTION_STEPS_KEY, IMPLEMENTATION_KEY } from '@/lib/query-keys';
import { assessmentsQueryOptions } from './get-assessments';
import type { StepInput } from '../../../../../contracts/rest/assessments';
import type { ImplementationStep } from './get-priority-implementation';

// What the step form sends is the API's schema's (contracts/rest/assessments.ts).
export type { StepInput } from '../../../../../contracts/rest/assessments';

/** POST /api/v1/clientportal/implementations/add/ (201): a new step of one of the client's focus areas. */
async function addImplementation(input: StepInput): Promise<ImplementationStep> {
  const response = await api.post<Envelope<ImplementationStep>>(
    '/api/v1/clientportal/implementations/add/',
    input,
    // Its form shows these, with the API's reasons beside them.
    { fields: ['title', 'description', 'due_date'] },
  );
  return response.data.data;
}

export function useAddImplementation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addImplementation,
    // The focus area's steps, the plan's counts, the list's step count and (when put there) the board.
    onSuccess: (step) =>
      Promise.all([
        client.invalidateQueries({ queryKey: IMPLEMENTATION_KEY }),
        client.invalidateQueries({ queryKey: assessmentsQueryOptions().queryKey, exact: true }),
        step.action_step && client.invalidateQueries({ queryKey: ACTION_STEPS_KEY }),
      ]),
  });
}
