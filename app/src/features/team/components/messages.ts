/** SPEC §8's team and task confirmations, word for word. */
export const addedMessage = (first: string, last: string) =>
  `${first} ${last} has been successfully added to your team`;
export const assignedMessage = (first: string, last: string) => `${first} ${last} has been assigned the task`;
export const deadlineMessage = (formattedTime: string) =>
  `Task deadline has been changed to ${formattedTime}`;
export const TASK_UPDATED = 'Task has been updated';
export const sharedMessage = (email: string) => `Task list sent to ${email}`;
