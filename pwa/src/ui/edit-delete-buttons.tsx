// A record's edit and delete buttons, side by side at the end of its row (a table's actions cell, a ListItem's
// actions): the same two icon buttons on every admin list, named after the record they act on.
import { IconButton } from "./button.tsx";
import { EditIcon, TrashIcon } from "./icons.tsx";

export function EditDeleteButtons({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  isDisabled = false,
  editDisabled = false,
  testId,
}: {
  /** The edit button's name, with the record's ('Editar Suporte'). */
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  /** No delete button when absent (a record this person may not delete). */
  onDelete?: () => void;
  /** Both off (offline: the change needs core). */
  isDisabled?: boolean;
  /** Edit alone off (what the editor needs is not loaded). */
  editDisabled?: boolean;
  /** Names the buttons `{testId}-edit` and `{testId}-delete` for tests. */
  testId?: string;
}) {
  return (
    <>
      <IconButton
        label={editLabel}
        onPress={onEdit}
        isDisabled={isDisabled || editDisabled}
        data-testid={testId && `${testId}-edit`}
      >
        <EditIcon />
      </IconButton>
      {onDelete && (
        <IconButton
          label={deleteLabel}
          onPress={onDelete}
          isDisabled={isDisabled}
          data-testid={testId && `${testId}-delete`}
        >
          <TrashIcon />
        </IconButton>
      )}
    </>
  );
}
