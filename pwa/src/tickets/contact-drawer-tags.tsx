// The contact's tags in the drawer: chips that can be removed, and a picker of the company's
// tags that also creates one by name (spec 1 §5: at least 3 characters, 'Tag muito curta!').
// Every change saves the whole list through syncContactTags.
import type { TagDTO } from "@chatflow/core/contract/contacts.ts";
import { ZTagNameSchema } from "@chatflow/core/contract/contacts.ts";
import { useMemo, useState } from "react";
import type { Key } from "react-aria-components/ComboBox";
import { useTranslation } from "react-i18next";
import { Chip } from "../ui/badge.tsx";
import { ComboBox, SelectItem } from "../ui/select.tsx";
import type { TagView } from "./contact-drawer-data.ts";
import { tagOptions } from "./pickers.ts";

export function ContactTags({
  tags,
  companyTags,
  onChange,
}: {
  tags: TagView[];
  companyTags: TagDTO[];
  onChange: (tags: TagView[]) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const options = useMemo(
    () => tagOptions(companyTags, tags, text, (name) => t("contactDrawer.tags.create", { name })),
    [companyTags, tags, text, t],
  );

  const pick = (key: Key | null) => {
    const option = options.find((o) => o.id === key);
    if (!option) return;
    if (option.tag) {
      onChange([...tags, { id: option.tag.id, name: option.tag.name, color: option.tag.color }]);
    } else if (option.create !== undefined) {
      const parsed = ZTagNameSchema.safeParse(option.create);
      if (!parsed.success) {
        setError(t("contactDrawer.tags.tooShort"));
        return;
      }
      onChange([...tags, { name: parsed.data, color: null }]);
    }
    setText("");
    setError(null);
  };

  return (
    <section className="drawer-section" aria-labelledby="contact-tags-title">
      <h3 id="contact-tags-title" className="drawer-section-title">
        {t("contactDrawer.tags.title")}
      </h3>
      {tags.length === 0 ? (
        <p className="drawer-muted">{t("contactDrawer.tags.none")}</p>
      ) : (
        <ul className="contact-tags" data-testid="contact-tags">
          {tags.map((tag) => (
            <li key={tag.id ?? `new-${tag.name}`}>
              <Chip
                color={tag.color}
                removeLabel={t("contactDrawer.tags.remove", { name: tag.name })}
                onRemove={() => onChange(tags.filter((x) => x !== tag))}
              >
                {tag.name}
              </Chip>
            </li>
          ))}
        </ul>
      )}
      <ComboBox
        label={t("contactDrawer.tags.add")}
        placeholder={t("contactDrawer.tags.placeholder")}
        items={options}
        inputValue={text}
        onInputChange={(value) => {
          setText(value);
          setError(null);
        }}
        selectedKey={null}
        onSelectionChange={pick}
        errorMessage={error}
        menuTrigger="focus"
        data-testid="contact-tag-input"
      >
        {(o) => (
          <SelectItem id={o.id} textValue={o.label}>
            {o.label}
          </SelectItem>
        )}
      </ComboBox>
    </section>
  );
}
