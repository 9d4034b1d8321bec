// The kanban board's filters (spec 2 §2 Kanban): the date range (both today by default) and the search, which
// filters the cards as typed; the search button asks core again for the range's cards.
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";
import { SearchField, TextField } from "../ui/fields.tsx";
import { SearchIcon } from "../ui/icons.tsx";

export function KanbanToolbar({
  startDate,
  endDate,
  search,
  onStartDate,
  onEndDate,
  onSearch,
  onSearchPress,
}: {
  startDate: string;
  endDate: string;
  search: string;
  onStartDate: (day: string) => void;
  onEndDate: (day: string) => void;
  onSearch: (text: string) => void;
  onSearchPress: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="kanban-toolbar">
      <TextField
        label={t("kanban.startDate")}
        type="date"
        value={startDate}
        onChange={onStartDate}
        data-testid="kanban-start-date"
      />
      <TextField
        label={t("kanban.endDate")}
        type="date"
        value={endDate}
        onChange={onEndDate}
        data-testid="kanban-end-date"
      />
      <SearchField
        label={t("kanban.search")}
        placeholder={t("kanban.searchPlaceholder")}
        value={search}
        onChange={onSearch}
        data-testid="kanban-search"
      />
      <Button icon={<SearchIcon />} onPress={onSearchPress} data-testid="kanban-search-button">
        {t("kanban.search")}
      </Button>
    </div>
  );
}
