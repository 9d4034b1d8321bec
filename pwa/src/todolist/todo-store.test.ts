import { describe, expect, it } from "vitest";
import {
  addTask,
  editTask,
  loadTasks,
  removeTask,
  saveTasks,
  TASKS_KEY,
  TASKS_MAX,
  type TodoTask,
} from "./todo-store.ts";

/** A localStorage stand-in: the two calls the store makes. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    items,
  };
}

const t0 = new Date("2026-11-24T10:00:00.000Z");
const t1 = new Date("2026-11-24T11:30:00.000Z");

describe("#todolist tasks", () => {
  it("adds, edits and deletes tasks, keeping them under 'tasks' across a reload", () => {
    const storage = memoryStorage();
    let tasks = addTask(loadTasks(storage), "  Ligar para a Maria ", t0);
    tasks = addTask(tasks, "Enviar proposta", t0);
    tasks = editTask(tasks, 0, "Ligar para a Maria às 15h", t1);
    saveTasks(storage, tasks);
    // A reload reads the same list back.
    expect(loadTasks(storage)).toEqual([
      { text: "Ligar para a Maria às 15h", createdAt: t0.toISOString(), updatedAt: t1.toISOString() },
      { text: "Enviar proposta", createdAt: t0.toISOString(), updatedAt: t0.toISOString() },
    ]);
    saveTasks(storage, removeTask(loadTasks(storage), 0));
    expect(loadTasks(storage).map((t) => t.text)).toEqual(["Enviar proposta"]);
    expect(JSON.parse(storage.items.get(TASKS_KEY)!)).toHaveLength(1);
  });

  it("ignores blank text on add and on edit (spec 2 §5)", () => {
    const tasks = addTask([], "Revisar", t0);
    expect(addTask(tasks, "   ", t1)).toBe(tasks);
    expect(editTask(tasks, 0, "", t1)).toBe(tasks);
    expect(editTask(tasks, 5, "nada", t1)).toBe(tasks);
  });

  it("reads a damaged or foreign value as no tasks, and stops at the list's limit", () => {
    expect(loadTasks(memoryStorage({ [TASKS_KEY]: "{not json" }))).toEqual([]);
    expect(loadTasks(memoryStorage({ [TASKS_KEY]: '[{"text":1},"x",null]' }))).toEqual([]);
    const full: TodoTask[] = Array.from({ length: TASKS_MAX }, () => ({ text: "x", createdAt: "a", updatedAt: "a" }));
    expect(addTask(full, "mais uma", t0)).toBe(full);
  });
});
