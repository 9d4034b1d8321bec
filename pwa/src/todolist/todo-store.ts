// The to-do list's tasks (spec 2 §2 /todolist, §3 "To-do task (browser only): text, createdAt, updatedAt", browser
// storage 'tasks'): kept in this browser's localStorage under 'tasks', never sent anywhere. Blank text is ignored
// (spec 2 §5).

export type TodoTask = { text: string; createdAt: string; updatedAt: string };

/** The spec's storage key. */
export const TASKS_KEY = "tasks";
/** A task's text is cut to this length, and the list to this many tasks: localStorage is small. */
export const TASK_TEXT_MAX = 1000;
export const TASKS_MAX = 500;

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

const isTask = (v: unknown): v is TodoTask =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as TodoTask).text === "string" &&
  typeof (v as TodoTask).createdAt === "string" &&
  typeof (v as TodoTask).updatedAt === "string";

/** The stored tasks; anything unreadable (another app's value, hand-edited) reads as none. */
export function loadTasks(storage: Storage): TodoTask[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(TASKS_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isTask).slice(0, TASKS_MAX) : [];
  } catch {
    return [];
  }
}

export function saveTasks(storage: Storage, tasks: TodoTask[]): void {
  storage.setItem(TASKS_KEY, JSON.stringify(tasks));
}

const clean = (text: string) => text.trim().slice(0, TASK_TEXT_MAX);

/** A new task at the end; the same list for blank text or a full list. */
export function addTask(tasks: TodoTask[], text: string, now: Date = new Date()): TodoTask[] {
  const value = clean(text);
  if (!value || tasks.length >= TASKS_MAX) return tasks;
  const at = now.toISOString();
  return [...tasks, { text: value, createdAt: at, updatedAt: at }];
}

/** The task at `index` with new text; blank text leaves it as it was. */
export function editTask(tasks: TodoTask[], index: number, text: string, now: Date = new Date()): TodoTask[] {
  const value = clean(text);
  if (!value || !tasks[index]) return tasks;
  return tasks.map((t, i) => (i === index ? { ...t, text: value, updatedAt: now.toISOString() } : t));
}

export function removeTask(tasks: TodoTask[], index: number): TodoTask[] {
  return tasks.filter((_, i) => i !== index);
}
