import { useMutation } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';

export interface TestimonialInput {
  testimonial: string;
  display_name: string;
  /** Consent to publish: the API refuses a testimonial without it. */
  consent: boolean;
}

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
