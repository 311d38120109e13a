import { useMutation } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { TestimonialInput } from '../../../../../contracts/rest/support';

// The payload types are the API's schemas' (contracts/rest/support.ts); consent: the API refuses without it.
export type { TestimonialInput } from '../../../../../contracts/rest/support';

/** POST /api/v1/testimonials/addtestimonial (201). */
async function addTestimonial(testimonial: TestimonialInput): Promise<{ id: number }> {
  // Its form shows each field it sends, with the API's reasons beside it.
  const response = await api.post<Envelope<{ id: number }>>(
    '/api/v1/testimonials/addtestimonial',
    testimonial,
    { fields: Object.keys(testimonial) },
  );
  return response.data.data;
}

export const useAddTestimonial = () => useMutation({ mutationFn: addTestimonial });
