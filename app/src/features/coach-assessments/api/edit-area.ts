import { api, type Envelope } from '@/lib/api-client';
import type { AreaFields, AssessmentPage } from './get-assessment';

/** POST /api/v1/coach/clients/:id/areas/:areaId: a line's fields (autosaved). */
export const editArea = async (clientId: number, areaId: number, input: AreaFields) =>
  (
    await api.post<Envelope<AssessmentPage>>(`/api/v1/coach/clients/${clientId}/areas/${areaId}`, input, {
      fields: Object.keys(input),
    })
  ).data.data;
