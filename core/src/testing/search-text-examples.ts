// Messages and searches with what PostgreSQL's `portuguese_unaccent` configuration (migration 0115) makes of them:
// each text's lexemes (tsvector_to_array, sorted) and whether each search matches (`@@` of to_tsquery of the search
// words as prefixes). core's search-text.test.ts checks every row against the live database; the PWA's offline
// search test checks its normaliser against the same rows, so both agree with the server on them.
export const TEXT_EXAMPLES: { text: string; lexemes: string[] }[] = [
  { text: "Os atendimentos de ontem foram concluídos", lexemes: ["atend", "conclu", "ontem"] },
  { text: "Falei com o João sobre a troca", lexemes: ["fal", "joa", "sobr", "troc"] },
  { text: "Quero pagar com pix amanhã, pedido 12345", lexemes: ["12345", "amanh", "pag", "ped", "pix", "quer"] },
  { text: "Não recebi a cobrança do mês passado", lexemes: ["cobranc", "mes", "nao", "pass", "receb"] },
  { text: "Você já emitiu a nota fiscal? É urgente!", lexemes: ["emit", "fiscal", "ja", "not", "urgent", "voc"] },
  { text: "AÇÕES e informações sobre o reembolso", lexemes: ["aco", "informaco", "reembols", "sobr"] },
  { text: "pedido ABC123 entregue à portaria às 14h", lexemes: ["14h", "abc123", "entreg", "ped", "port"] },
  { text: "Obrigado pelo atendimento, São Paulo", lexemes: ["atend", "obrig", "paul", "sao"] },
];

export const SEARCH_EXAMPLES: { search: string; text: string; matches: boolean }[] = [
  { search: "atendimento", text: "Os atendimentos de ontem foram concluídos", matches: true },
  { search: "ATENDIMENTOS concluido", text: "Os atendimentos de ontem foram concluídos", matches: true },
  { search: "Joao", text: "Falei com o João sobre a troca", matches: true },
  { search: "joão troca", text: "Falei com o João sobre a troca", matches: true },
  { search: "joana", text: "Falei com o João sobre a troca", matches: false },
  { search: "pagando pix", text: "Quero pagar com pix amanhã, pedido 12345", matches: true },
  { search: "pagamento pix", text: "Quero pagar com pix amanhã, pedido 12345", matches: false },
  { search: "1234", text: "Quero pagar com pix amanhã, pedido 12345", matches: true },
  { search: "cobranca mes", text: "Não recebi a cobrança do mês passado", matches: true },
  { search: "nao recebi boleto", text: "Não recebi a cobrança do mês passado", matches: false },
  { search: "acoes reembolsos", text: "AÇÕES e informações sobre o reembolso", matches: true },
  { search: "informacoes", text: "AÇÕES e informações sobre o reembolso", matches: true },
  // Accents are folded before the stemmer (PostgreSQL's unaccent-then-stem recipe), so -ção and -ções stem apart
  // ("informaca", "informaco"): the singular does not find the plural (decision 0115).
  { search: "informação", text: "AÇÕES e informações sobre o reembolso", matches: false },
  { search: "abc123 portaria", text: "pedido ABC123 entregue à portaria às 14h", matches: true },
  { search: "sao paulo", text: "Obrigado pelo atendimento, São Paulo", matches: true },
  { search: "obrigada", text: "Obrigado pelo atendimento, São Paulo", matches: true },
];
