// File lists (spec 2 §3 File list; decision 0048): a name, the message sent first and the files sent after it
// by a chatbot option of type file. The files live in the company's media store; `options` keeps their order.
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import type { FileListOption } from "../../contract/files.ts";
import { timestamps } from "./columns.ts";
import { Company } from "./tenancy.ts";
import { User } from "./users.ts";

export const FileList = defineEntity({
  name: "FileList",
  tableName: "file_lists",
  indexes: [{ name: "file_lists_company_name", properties: ["companyId", "name"] }],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    name: p.text(),
    message: p.text(),
    /** The files in sending order: name (the caption), path (/media/{companyId}/{file}), mediaType (sniffed). */
    options: p.json<FileListOption[]>().default("[]"),
    userId: p.manyToOne(User).mapToPk().joinColumn("user_id").deleteRule("set null").nullable(),
    ...timestamps(),
  },
});
export type IFileList = InferEntity<typeof FileList>;
