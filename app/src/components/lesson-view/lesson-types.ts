/** A lesson as the API answers it (SPEC §3 Lesson), for the shared lesson view. */
export interface LessonResourceType {
  id: number;
  name: string;
  owner: string;
}

export interface LessonResource {
  id: number;
  title: string;
  url: string;
  order: number;
  type: LessonResourceType;
}

export interface LessonContent {
  id: number;
  title: string;
  short_desc: string;
  /** The coach's HTML: sanitised by the API and again here before it is rendered. */
  full_desc: string;
  lesson_video: string | null;
  quiz_url: string | null;
  resources: LessonResource[];
}
