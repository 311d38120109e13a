import { api, type Envelope } from '@/lib/api-client';
import { assessmentUrl, type AssessmentPage } from './get-assessment';

/** POST the assessment's title and date (autosaved). */
export const editAssessment = async (
  clientId: number,
  assessmentId: number,
  input: { title: string; assessed_on: string },
) =>
  (
    await api.post<Envelope<AssessmentPage>>(assessmentUrl(clientId, assessmentId), input, {
      fields: Object.keys(input),
    })
  ).data.data;
