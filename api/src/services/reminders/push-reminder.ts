// The seam between reminders and Web Push: a reminder whose person keeps push on for its kind calls this.
// services/push/ (Web Push, built beside this) sends the payload to each of the person's subscriptions; until it
// is wired here, this does nothing, so a reminder is mail only.
interface PushedReminder {
  userId: number;
  title: string;
  body: string;
  /** The app's page the notification opens (a path). */
  link: string;
}

export async function pushReminder(reminder: PushedReminder): Promise<void> {
  void reminder;
}
