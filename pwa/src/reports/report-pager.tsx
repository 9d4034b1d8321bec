// The tickets report's paging (spec 3 §2 "Reports"): rows per page (5, 10, 20, 50), the range shown of the total,
// previous and next.
import { REPORT_PAGE_SIZES } from "@chatflow/core/contract/reports.ts";
import { useTranslation } from "react-i18next";
import { IconButton } from "../ui/button.tsx";
import { BackIcon } from "../ui/icons.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { pageRange } from "./report-model.ts";

export function ReportPager({
  page,
  pageSize,
  total,
  canMove,
  onPage,
  onPageSize,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** Online and not loading: previous and next may ask for another page. */
  canMove: boolean;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}) {
  const { t } = useTranslation();
  const range = pageRange(page, pageSize, total);
  return (
    <nav className="reports-pager" aria-label={t("reportsPage.tableLabel")}>
      <Select
        label={t("reportsPage.pageSize")}
        items={REPORT_PAGE_SIZES.map((n) => ({ id: n, name: String(n) }))}
        value={pageSize}
        onChange={(k) => k !== null && onPageSize(Number(k))}
        data-testid="reports-page-size"
      >
        {(o) => <SelectItem id={o.id}>{o.name}</SelectItem>}
      </Select>
      <span className="reports-range" data-testid="reports-range" aria-live="polite">
        {t("reportsPage.pageRange", { from: range.from, to: range.to, total })}
      </span>
      <IconButton
        label={t("reportsPage.previous")}
        onPress={() => onPage(page - 1)}
        isDisabled={page <= 1 || !canMove}
        data-testid="reports-previous"
      >
        <BackIcon />
      </IconButton>
      <IconButton
        label={t("reportsPage.next")}
        onPress={() => onPage(page + 1)}
        isDisabled={page >= range.pages || !canMove}
        data-testid="reports-next"
        className="reports-next"
      >
        <BackIcon />
      </IconButton>
    </nav>
  );
}
