// What an import from another product made (decision 0123): which row of the source became which row here.
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { Company } from "./tenancy.ts";

/**
 * One imported row (`npm run import:whaticket`, migration 0123): `source` names the database it came from, `kind`
 * the table ("contact", "ticket"...), `oldId` its key there and `newId` the row it became in this company.
 */
export const ImportMapping = defineEntity({
  name: "ImportMapping",
  tableName: "import_mappings",
  indexes: [
    {
      name: "import_mappings_companies",
      expression: "CREATE INDEX import_mappings_companies ON import_mappings (source, old_id) WHERE kind = 'company'",
    },
  ],
  properties: {
    companyId: p
      .manyToOne(Company)
      .mapToPk()
      .joinColumn("company_id")
      .deleteRule("cascade")
      .updateRule("no action")
      .primary(),
    source: p.text().primary(),
    kind: p.text().primary(),
    oldId: p.text().primary(),
    newId: p.text(),
    createdAt: p.datetime().defaultRaw("now()"),
  },
});
export type IImportMapping = InferEntity<typeof ImportMapping>;
