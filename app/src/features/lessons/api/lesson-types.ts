/** A lesson as the API answers it (SPEC §3 Lesson), for the lesson view every lesson page shares. */
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

/** A file the coach uploaded to the lesson. */
export interface LessonFile {
  id: number;
  name: string;
  size: number;
  type: string;
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
  /** Uploaded files and video: group and academy lessons have them, flash lessons none. */
  files?: LessonFile[];
  video_file?: LessonFile | null;
}

interface LessonLink {
  id: number;
  title: string;
}

/** An item of the coach's checklist, with whether the member ticked it. */
export interface LessonChecklistItem {
  id: number;
  text: string;
  ticked: boolean;
}

/** A group or academy lesson: its content, where it is taken, and the lessons before and after it. */
export interface PlacedLesson extends LessonContent {
  lesson_length: number;
  context_title: string;
  previous_lesson: LessonLink | null;
  next_lesson: LessonLink | null;
  checklist: LessonChecklistItem[];
}
