// /todolist (spec 2 §2 "Local list of tasks with add, edit, delete"): a field and its button add a task (or save
// the one being edited); each task has edit and delete. Kept in this browser only (todo-store.ts), so it works
// offline as well.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, IconButton } from "../ui/button.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { TextField } from "../ui/fields.tsx";
import { CheckSquareIcon, EditIcon, PlusIcon, TrashIcon } from "../ui/icons.tsx";
import { List, ListItem } from "../ui/list-item.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { addTask, editTask, loadTasks, removeTask, saveTasks, TASK_TEXT_MAX, type TodoTask } from "./todo-store.ts";
import "./todolist.css";

export function TodolistPage() {
  const { t, i18n } = useTranslation();
  const [tasks, setTasks] = useState<TodoTask[]>(() => loadTasks(localStorage));
  const [text, setText] = useState("");
  const [editing, setEditing] = useState<number | null>(null);

  const keep = (next: TodoTask[]) => {
    if (next === tasks) return;
    saveTasks(localStorage, next);
    setTasks(next);
  };
  function submit() {
    keep(editing === null ? addTask(tasks, text) : editTask(tasks, editing, text));
    setText("");
    setEditing(null);
  }
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: "short", timeStyle: "short" });

  return (
    <ListPage
      className="todolist-page"
      data-testid="todolist-page"
      title={t("todolistPage.title")}
      notice={t("todolistPage.kept")}
    >
      <p className="todolist-note">{t("todolistPage.kept")}</p>
      <form
        className="todolist-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          label={t("todolistPage.newTask")}
          value={text}
          onChange={setText}
          maxLength={TASK_TEXT_MAX}
          className="todolist-field"
          data-testid="todolist-text"
        />
        <Button
          type="submit"
          variant="primary"
          icon={editing === null ? <PlusIcon /> : undefined}
          data-testid="todolist-submit"
        >
          {editing === null ? t("todolistPage.add") : t("todolistPage.save")}
        </Button>
        {editing !== null && (
          <Button
            variant="secondary"
            onPress={() => {
              setEditing(null);
              setText("");
            }}
          >
            {t("todolistPage.cancel")}
          </Button>
        )}
      </form>
      {tasks.length === 0 ? (
        <EmptyState icon={<CheckSquareIcon size={48} />} title={t("todolistPage.empty")} />
      ) : (
        <List label={t("todolistPage.listLabel")} data-testid="todolist-tasks">
          {tasks.map((task, i) => (
            <ListItem
              // Tasks have no id of their own (spec 2 §3): the creation time and the text name one.
              key={`${task.createdAt}|${task.text}`}
              title={task.text}
              subtitle={t("todolistPage.updated", { date: when(task.updatedAt) })}
              current={editing === i}
              data-testid="todolist-task"
              actions={
                <>
                  <IconButton
                    label={t("todolistPage.edit", { text: task.text })}
                    onPress={() => {
                      setEditing(i);
                      setText(task.text);
                    }}
                    data-testid="todolist-edit"
                  >
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    label={t("todolistPage.delete", { text: task.text })}
                    onPress={() => {
                      keep(removeTask(tasks, i));
                      if (editing === i) {
                        setEditing(null);
                        setText("");
                      } else if (editing !== null && i < editing) setEditing(editing - 1);
                    }}
                    data-testid="todolist-delete"
                  >
                    <TrashIcon />
                  </IconButton>
                </>
              }
            />
          ))}
        </List>
      )}
    </ListPage>
  );
}
