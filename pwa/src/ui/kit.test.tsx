// @vitest-environment jsdom
// The kit's behaviour that screens rely on: confirmations confirm or cancel, dialogs close on
// Escape, selects pick, fields show their error, toggles toggle.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { getDefaultStore } from "jotai";
import { useState } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../i18n/i18n.ts";
import { Avatar, initials } from "./avatar.tsx";
import { Badge, Chip, readableTextColor, relativeLuminance } from "./badge.tsx";
import { Button, IconButton } from "./button.tsx";
import { ColorSwatchField } from "./color-swatch-field.tsx";
import { ConfirmDialog, Modal } from "./dialog.tsx";
import { Drawer } from "./drawer.tsx";
import { EditDeleteButtons } from "./edit-delete-buttons.tsx";
import { PasswordField, SearchField, TextField } from "./fields.tsx";
import { FileButton } from "./file-button.tsx";
import { FormModal } from "./form-modal.tsx";
import { List, ListItem } from "./list-item.tsx";
import { ListBody, ListPage } from "./list-page.tsx";
import { Menu, MenuItem, MenuTrigger } from "./menu.tsx";
import { NativeButton } from "./native-button.tsx";
import { ProgressBar } from "./progress-bar.tsx";
import { ComboBox, Select, SelectItem } from "./select.tsx";
import { SendDialog } from "./send-dialog.tsx";
import { Tab, TabList, TabPanel, Tabs } from "./tabs.tsx";
import { Tile } from "./tile.tsx";
import { toastsAtom } from "./toasts.ts";
import { Checkbox, Switch } from "./toggles.tsx";
import { VirtualList } from "./virtual-list.tsx";

afterEach(() => cleanup());

function ConfirmHarness({ onConfirm }: { onConfirm: () => void | Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Excluir contato</Button>
      <ConfirmDialog
        isOpen={open}
        onOpenChange={setOpen}
        title="Excluir contato?"
        confirmLabel="Excluir"
        onConfirm={onConfirm}
      >
        Todos os tickets do contato serão perdidos.
      </ConfirmDialog>
    </>
  );
}

describe("#ConfirmDialog", () => {
  it("runs the action and closes on confirm", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<ConfirmHarness onConfirm={onConfirm} />);

    await user.click(screen.getByRole("button", { name: "Excluir contato" }));
    const dialog = screen.getByRole("alertdialog", { name: "Excluir contato?" });
    expect(dialog.textContent).toContain("Todos os tickets do contato serão perdidos.");
    await user.click(screen.getByRole("button", { name: "Excluir" }));

    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("does nothing on cancel, on Escape, and starts on the harmless button", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<ConfirmHarness onConfirm={onConfirm} />);

    await user.click(screen.getByRole("button", { name: "Excluir contato" }));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancelar" }));
    await user.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Excluir contato" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("stays open and says why when the action fails", async () => {
    const user = userEvent.setup();
    render(<ConfirmHarness onConfirm={() => Promise.reject({ error: "ERR_NO_PERMISSION", message: "no" })} />);

    await user.click(screen.getByRole("button", { name: "Excluir contato" }));
    await user.click(screen.getByRole("button", { name: "Excluir" }));

    await waitFor(() =>
      expect(
        getDefaultStore()
          .get(toastsAtom)
          .map((t) => t.text),
      ).toContain("Você não tem permissão para acessar este recurso."),
    );
    expect(screen.getByRole("alertdialog")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Excluir" }).hasAttribute("data-disabled")).toBe(false);
  });

  it("cannot be confirmed twice while the action runs", async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<ConfirmHarness onConfirm={onConfirm} />);

    await user.click(screen.getByRole("button", { name: "Excluir contato" }));
    const confirm = screen.getByTestId("confirm-dialog-confirm");
    await user.click(confirm);
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledOnce();
    await act(async () => finish());
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });
});

describe("#FormModal", () => {
  function Harness({
    onSubmit,
    saving = false,
    online = true,
  }: {
    onSubmit: () => void;
    saving?: boolean;
    online?: boolean;
  }) {
    const [open, setOpen] = useState(true);
    const [tab, setTab] = useState("general");
    if (!open) return null;
    return (
      <FormModal
        title="Editar usuário"
        onClose={() => setOpen(false)}
        onSubmit={onSubmit}
        saving={saving}
        note={online ? null : "Precisa de conexão"}
        cancelLabel="Cancelar"
        saveLabel="Salvar"
        saveDisabled={!online}
        tabs={{
          label: "Seções",
          selected: tab,
          onChange: setTab,
          items: [
            { id: "general", label: "Geral", content: <TextField label="Nome" /> },
            { id: "permissions", label: "Permissões", content: <p>Pode ver tudo</p> },
          ],
        }}
      />
    );
  }

  it("shows one tab at a time (arrow keys move), submits on Enter and closes on cancel", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const dialog = screen.getByRole("dialog", { name: "Editar usuário" });
    expect(within(dialog).getByRole("tablist", { name: "Seções" })).toBeTruthy();
    await user.click(within(dialog).getByLabelText("Nome"));
    await user.keyboard("Ana{Enter}");
    expect(onSubmit).toHaveBeenCalledOnce();
    await user.click(within(dialog).getByRole("tab", { name: "Geral" }));
    await user.keyboard("{ArrowRight}");
    expect(within(dialog).getByRole("tab", { name: "Permissões" }).getAttribute("aria-selected")).toBe("true");
    expect(within(dialog).getByRole("tabpanel").textContent).toBe("Pode ver tudo");
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says it needs a connection and refuses save offline; while saving, cancel and Escape are off", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness onSubmit={vi.fn()} online={false} />);
    expect(screen.getByRole("status").textContent).toBe("Precisa de conexão");
    expect(screen.getByRole("button", { name: "Salvar" }).hasAttribute("disabled")).toBe(true);
    unmount();
    render(<Harness onSubmit={vi.fn()} saving />);
    expect(screen.getByRole("button", { name: "Cancelar" }).hasAttribute("disabled")).toBe(true);
    await user.keyboard("{Escape}");
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("shows what holds for every tab above the tab list, and a read-only form has no save", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <FormModal
        title="Mensagem rápida"
        onClose={onClose}
        onSubmit={vi.fn()}
        saving={false}
        cancelLabel="Cancelar"
        saveLabel="Salvar"
        readOnly
        tabs={{
          label: "Seções",
          selected: "general",
          onChange: vi.fn(),
          items: [{ id: "general", label: "Geral", content: <p>Campos</p> }],
        }}
      >
        <p>Canal: WhatsApp</p>
      </FormModal>,
    );
    const dialog = screen.getByRole("dialog", { name: "Mensagem rápida" });
    const channel = within(dialog).getByText("Canal: WhatsApp");
    const tablist = within(dialog).getByRole("tablist", { name: "Seções" });
    expect(channel.compareDocumentPosition(tablist) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "Salvar" })).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe("#EditDeleteButtons", () => {
  it("names both buttons after the record, keeps delete on while only edit is off, and leaves delete out without onDelete", async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const { unmount } = render(
      <EditDeleteButtons
        editLabel="Editar Suporte"
        deleteLabel="Excluir Suporte"
        onEdit={onEdit}
        onDelete={onDelete}
        editDisabled
        testId="queue"
      />,
    );
    expect(screen.getByRole("button", { name: "Editar Suporte" }).hasAttribute("disabled")).toBe(true);
    await user.click(screen.getByTestId("queue-delete"));
    expect(onDelete).toHaveBeenCalledOnce();
    unmount();
    render(<EditDeleteButtons editLabel="Editar Ana" deleteLabel="Excluir Ana" onEdit={onEdit} />);
    await user.click(screen.getByRole("button", { name: "Editar Ana" }));
    expect(onEdit).toHaveBeenCalledOnce();
    expect(screen.queryByRole("button", { name: "Excluir Ana" })).toBeNull();
  });
});

describe("#SendDialog", () => {
  function Harness({ onSubmit }: { onSubmit: () => Promise<unknown> | undefined }) {
    const [open, setOpen] = useState(true);
    if (!open) return null;
    return (
      <SendDialog
        title="Enviar enquete"
        testId="send-poll"
        sendLabel="Enviar"
        onClose={() => setOpen(false)}
        onSubmit={onSubmit}
      >
        <TextField label="Pergunta" />
      </SendDialog>
    );
  }

  it("sends on Enter, waits for the send with Cancel and Escape off, and closes once it is written", async () => {
    const user = userEvent.setup();
    let finish = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Harness onSubmit={onSubmit} />);
    expect(screen.getByTestId("send-poll-dialog")).toBe(screen.getByRole("dialog", { name: "Enviar enquete" }));
    await user.type(screen.getByRole("textbox", { name: "Pergunta" }), "Sabor?{Enter}");
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(screen.getByRole("button", { name: "Cancelar" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByTestId("send-poll-submit").getAttribute("aria-disabled")).toBe("true");
    await user.keyboard("{Escape}");
    expect(screen.getByRole("dialog")).toBeTruthy();
    await act(async () => finish());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("stays open with what was typed when the form is refused or the send fails; Cancel closes it", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<() => Promise<unknown> | undefined>(() => undefined);
    render(<Harness onSubmit={onSubmit} />);
    await user.type(screen.getByRole("textbox", { name: "Pergunta" }), "Sabor?");
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    expect(onSubmit).toHaveBeenCalledOnce();
    onSubmit.mockImplementation(() => Promise.reject(new Error("not written")));
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Cancelar" }).hasAttribute("disabled")).toBe(false));
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: "Pergunta" }).value).toBe("Sabor?");
    await user.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("#Modal", () => {
  function Harness({ onSubmit }: { onSubmit?: () => void }) {
    const [open, setOpen] = useState(true);
    return (
      <Modal
        isOpen={open}
        onOpenChange={setOpen}
        title="Perfil"
        onSubmit={onSubmit}
        actions={
          <Button type="submit" variant="primary">
            Salvar
          </Button>
        }
      >
        <TextField label="Nome" />
      </Modal>
    );
  }

  it("is a dialog named by its title that closes on Escape and on its close button", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    expect(screen.getByRole("dialog", { name: "Perfil" })).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    unmount();

    render(<Harness />);
    await user.click(screen.getByRole("button", { name: "Fechar" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("submits its form with Enter in a field", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await user.type(screen.getByRole("textbox", { name: "Nome" }), "Ana{Enter}");
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});

describe("#Select", () => {
  it("picks an option by mouse and by keyboard", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const queues = [
      { id: 1, name: "Vendas" },
      { id: 2, name: "Suporte" },
    ];
    render(
      <Select label="Fila" items={queues} onChange={onChange}>
        {(q) => <SelectItem id={q.id}>{q.name}</SelectItem>}
      </Select>,
    );
    const button = screen.getByRole("button", { name: /Fila/ });
    expect(button.textContent).toContain("Selecione");

    await user.click(button);
    await user.click(screen.getByRole("option", { name: "Suporte" }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(button.textContent).toContain("Suporte");

    button.focus();
    await user.keyboard("{ArrowDown}");
    await user.keyboard("{ArrowUp}{Enter}");
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it("shows its error and marks itself invalid", () => {
    render(
      <Select label="Fila" errorMessage="Selecione uma fila">
        <SelectItem id="a">A</SelectItem>
      </Select>,
    );
    expect(screen.getByText("Selecione uma fila")).toBeTruthy();
    expect(document.querySelector(".select")?.hasAttribute("data-invalid")).toBe(true);
  });
});

describe("#ComboBox", () => {
  it("filters as the person types and picks", async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    const users = [
      { id: 1, name: "Ana" },
      { id: 2, name: "Bruno" },
      { id: 3, name: "Bianca" },
    ];
    render(
      <ComboBox label="Usuário" defaultItems={users} onSelectionChange={onSelectionChange}>
        {(u) => <SelectItem id={u.id}>{u.name}</SelectItem>}
      </ComboBox>,
    );
    await user.type(screen.getByRole("combobox", { name: "Usuário" }), "bi");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Bianca"]);
    await user.click(screen.getByRole("option", { name: "Bianca" }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(3);
  });
});

describe("#fields", () => {
  it("TextField links its label and error to the input", () => {
    render(<TextField label="Nome" errorMessage="Too Short!" value="A" onChange={() => undefined} />);
    const input = screen.getByRole("textbox", { name: "Nome" });
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const described = input.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(described.split(" ")[0] ?? "")?.textContent).toBe("Too Short!");
  });

  it("PasswordField shows and hides the password", async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Senha" defaultValue="Segredo1" />);
    const input = screen.getByLabelText("Senha") as HTMLInputElement;
    expect(input.type).toBe("password");
    await user.click(screen.getByRole("button", { name: "Mostrar senha" }));
    expect(input.type).toBe("text");
    await user.click(screen.getByRole("button", { name: "Ocultar senha" }));
    expect(input.type).toBe("password");
  });

  it("SearchField clears on Escape and on its clear button", async () => {
    const user = userEvent.setup();
    function Harness() {
      const [value, setValue] = useState("");
      return <SearchField label="Pesquisar" value={value} onChange={setValue} />;
    }
    render(<Harness />);
    const input = screen.getByRole("searchbox", { name: "Pesquisar" }) as HTMLInputElement;
    await user.type(input, "maria");
    expect(input.value).toBe("maria");
    await user.keyboard("{Escape}");
    expect(input.value).toBe("");
    await user.type(input, "joão");
    await user.click(screen.getByRole("button", { name: "Limpar pesquisa" }));
    expect(input.value).toBe("");
  });
});

describe("#toggles", () => {
  it("Checkbox and Switch toggle with a click and with Space", async () => {
    const user = userEvent.setup();
    const onCheck = vi.fn();
    const onSwitch = vi.fn();
    render(
      <>
        <Checkbox onChange={onCheck}>Somente não lidas</Checkbox>
        <Switch onChange={onSwitch}>Mostrar todos</Switch>
      </>,
    );
    await user.click(screen.getByRole("checkbox", { name: "Somente não lidas" }));
    expect(onCheck).toHaveBeenLastCalledWith(true);
    screen.getByRole("switch", { name: "Mostrar todos" }).focus();
    await user.keyboard(" ");
    expect(onSwitch).toHaveBeenLastCalledWith(true);
  });
});

describe("#Tabs", () => {
  it("moves between tabs with the arrow keys and shows the chosen panel", async () => {
    const user = userEvent.setup();
    render(
      <Tabs>
        <TabList aria-label="Atendimentos">
          <Tab id="open">Atendendo</Tab>
          <Tab id="pending">Aguardando</Tab>
        </TabList>
        <TabPanel id="open">lista aberta</TabPanel>
        <TabPanel id="pending">lista aguardando</TabPanel>
      </Tabs>,
    );
    expect(screen.getByRole("tabpanel").textContent).toBe("lista aberta");
    await user.click(screen.getByRole("tab", { name: "Atendendo" }));
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Aguardando" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel").textContent).toBe("lista aguardando");
  });
});

describe("#Menu", () => {
  it("opens from its button and runs the chosen action", async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    render(
      <MenuTrigger>
        <IconButton label="Perfil">P</IconButton>
        <Menu label="Perfil" onAction={onAction}>
          <MenuItem id="profile">Perfil</MenuItem>
          <MenuItem id="logout">Sair</MenuItem>
        </Menu>
      </MenuTrigger>,
    );
    await user.click(screen.getByRole("button", { name: "Perfil" }));
    await user.click(screen.getByRole("menuitem", { name: "Sair" }));
    expect(onAction.mock.calls.map((c) => c[0])).toEqual(["logout"]);
    expect(screen.queryByRole("menu")).toBeNull();
  });
});

describe("#ListItem", () => {
  it("is one link for the row, with actions beside it and the current row marked", () => {
    render(
      <MemoryRouter>
        <List label="Contatos">
          <ListItem
            href="/tickets/abc"
            current
            title="Maria"
            subtitle="Olá"
            actions={<IconButton label="Excluir Maria">x</IconButton>}
          />
        </List>
      </MemoryRouter>,
    );
    const link = screen.getByRole("link");
    expect(link.getAttribute("href")).toBe("/tickets/abc");
    expect(link.getAttribute("aria-current")).toBe("page");
    expect(link.contains(screen.getByRole("button", { name: "Excluir Maria" }))).toBe(false);
  });
});

describe("#small pieces", () => {
  it("Badge can read differently from what it shows", () => {
    render(<Badge label="3 mensagens não lidas">3</Badge>);
    expect(screen.getByText("3 mensagens não lidas").className).toBe("visually-hidden");
  });

  it("Chip text stays readable on its colour and offers removal", async () => {
    expect(readableTextColor("#ffeb3b")).toBe("#000000");
    expect(readableTextColor("#0000ff")).toBe("#ffffff");
    expect(readableTextColor("#fff")).toBe("#000000");
    expect(readableTextColor("not a colour")).toBe("#000000");
    // hsl as the co-editors' presence colours are (doc-presence.ts), rgb as a browser reports a colour.
    expect(readableTextColor("hsl(138 70% 45%)")).toBe("#000000");
    expect(readableTextColor("hsl(240, 70%, 45%)")).toBe("#ffffff");
    expect(readableTextColor("rgb(34, 195, 83)")).toBe("#000000");
    expect(readableTextColor("rgb(0 0 255)")).toBe("#ffffff");
    expect(relativeLuminance("hsl(0 0% 100%)")).toBeCloseTo(1);
    expect(relativeLuminance("hsl(120 100% 25%)")).toBeCloseTo(relativeLuminance("#008000")!);
    const user = userEvent.setup();
    const onRemove = vi.fn();
    render(
      <Chip color="#0000ff" onRemove={onRemove}>
        VIP
      </Chip>,
    );
    await user.click(screen.getByRole("button", { name: "Remover VIP" }));
    expect(onRemove).toHaveBeenCalledOnce();
  });

  it("Avatar falls back to initials and names the person when not decorative", () => {
    expect(initials("Maria da Silva")).toBe("MS");
    expect(initials("  ana ")).toBe("A");
    expect(initials("")).toBe("?");
    render(<Avatar name="Maria da Silva" decorative={false} />);
    expect(screen.getByRole("img", { name: "Maria da Silva" }).textContent).toBe("MS");
  });
});

describe("#Tile", () => {
  it("is one button named by its title, pressed by click and keyboard, and not while disabled", async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    const { rerender } = render(
      <Tile
        media={<img alt="" src="data:," />}
        title="Como transferir"
        description="Passo a passo"
        onPress={onPress}
      />,
    );
    const tile = screen.getByRole("button", { name: /Como transferir/ });
    expect(tile.textContent).toContain("Passo a passo");
    await user.click(tile);
    tile.focus();
    await user.keyboard("{Enter}");
    expect(onPress).toHaveBeenCalledTimes(2);
    rerender(<Tile title="Como transferir" note="Precisa de conexão" onPress={onPress} isDisabled />);
    await user.click(screen.getByRole("button", { name: /Como transferir/ }));
    expect(onPress).toHaveBeenCalledTimes(2);
    expect(screen.getByRole("button").textContent).toContain("Precisa de conexão");
  });
});

function DrawerHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen((o) => !o)}>Dados do contato</Button>
      <Drawer isOpen={open} onClose={() => setOpen(false)} title="Maria">
        <Button>Editar</Button>
      </Drawer>
    </>
  );
}

describe("#Drawer", () => {
  it("opens as a named region with focus on its title, and Escape gives focus back to its button", async () => {
    const user = userEvent.setup();
    render(<DrawerHarness />);
    expect(screen.queryByRole("complementary")).toBeNull();
    const opener = screen.getByRole("button", { name: "Dados do contato" });
    await user.click(opener);
    const panel = screen.getByRole("complementary", { name: "Maria" });
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Maria" }));
    await user.tab();
    expect(document.activeElement?.closest("aside")).toBe(panel);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("complementary")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("closes with its close button", async () => {
    const user = userEvent.setup();
    render(<DrawerHarness />);
    await user.click(screen.getByRole("button", { name: "Dados do contato" }));
    await user.click(screen.getByRole("button", { name: "Fechar" }));
    expect(screen.queryByRole("complementary")).toBeNull();
  });
});

describe("#VirtualList", () => {
  const items = Array.from({ length: 1000 }, (_, i) => ({ id: i, name: `Contato ${i}` }));

  // jsdom lays nothing out: give every box the sizes a browser would give the list's scroll area.
  const proto = HTMLElement.prototype;
  const sizes = { offsetHeight: 600, offsetWidth: 800, clientHeight: 600, scrollHeight: 2400 };
  const saved = Object.fromEntries(Object.keys(sizes).map((k) => [k, Object.getOwnPropertyDescriptor(proto, k)]));
  beforeEach(() => {
    for (const [k, v] of Object.entries(sizes)) Object.defineProperty(proto, k, { configurable: true, get: () => v });
  });
  afterEach(() => {
    // jsdom defines most of them on Element.prototype: dropping ours lets those show again.
    for (const [k, d] of Object.entries(saved)) {
      if (d) Object.defineProperty(proto, k, d);
      else Reflect.deleteProperty(proto, k);
    }
  });

  it("renders only a window of a long list, each row a list item of the named list", () => {
    render(
      <VirtualList
        items={items}
        getKey={(i) => i.id}
        rowHeight={60}
        label="Contatos"
        renderRow={(i) => <ListItem title={i.name} />}
      />,
    );
    expect(screen.getByRole("region", { name: "Contatos" })).toBeTruthy();
    const rows = within(screen.getByRole("list", { name: "Contatos" })).getAllByRole("listitem");
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]?.textContent).toBe("Contato 0");
  });

  it("asks for the next page within 100 px of the bottom, once per page, and not when there is no more", () => {
    const onEndReached = vi.fn();
    const { rerender } = render(
      <VirtualList
        items={items.slice(0, 40)}
        getKey={(i) => i.id}
        rowHeight={60}
        label="Contatos"
        hasMore
        onEndReached={onEndReached}
        renderRow={(i) => <ListItem title={i.name} />}
      />,
    );
    const area = screen.getByRole("region", { name: "Contatos" });
    area.scrollTop = 1600;
    fireEvent.scroll(area);
    expect(onEndReached).not.toHaveBeenCalled();
    area.scrollTop = 1710;
    fireEvent.scroll(area);
    expect(onEndReached).toHaveBeenCalledOnce();

    // While the page loads, further scrolling asks nothing more.
    rerender(
      <VirtualList
        items={items.slice(0, 40)}
        getKey={(i) => i.id}
        rowHeight={60}
        label="Contatos"
        hasMore
        loadingMore
        onEndReached={onEndReached}
        renderRow={(i) => <ListItem title={i.name} />}
      />,
    );
    fireEvent.scroll(area);
    expect(onEndReached).toHaveBeenCalledOnce();
    expect(screen.getByRole("progressbar", { name: "Carregando..." })).toBeTruthy();

    rerender(
      <VirtualList
        items={items.slice(0, 40)}
        getKey={(i) => i.id}
        rowHeight={60}
        label="Contatos"
        hasMore={false}
        onEndReached={onEndReached}
        renderRow={(i) => <ListItem title={i.name} />}
      />,
    );
    fireEvent.scroll(area);
    expect(onEndReached).toHaveBeenCalledOnce();
  });
});

describe("#ProgressBar and FileButton", () => {
  it("ProgressBar is a named progressbar with its value, or a value text when it cannot count", () => {
    const { rerender } = render(<ProgressBar label="Enviando arquivo" value={40} />);
    const bar = screen.getByRole("progressbar", { name: "Enviando arquivo" });
    expect(bar.getAttribute("aria-valuenow")).toBe("40");
    expect(bar.textContent).toContain("40%");
    rerender(<ProgressBar label="Importando contatos" isIndeterminate valueText="120 linhas lidas" />);
    const busy = screen.getByRole("progressbar", { name: "Importando contatos" });
    expect(busy.getAttribute("aria-valuenow")).toBeNull();
    expect(busy.textContent).toContain("120 linhas lidas");
  });

  it("FileButton is a button that hands over the file picked", async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(
      <FileButton acceptedFileTypes={[".csv"]} onSelect={onSelect}>
        Escolher planilha
      </FileButton>,
    );
    expect(screen.getByRole("button", { name: "Escolher planilha" })).toBeTruthy();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe(".csv");
    await user.upload(input, new File(["nome;numero"], "contatos.csv", { type: "text/csv" }));
    expect(onSelect.mock.calls[0]?.[0].map((f: File) => f.name)).toEqual(["contatos.csv"]);
  });
});

describe("#ColorSwatchField", () => {
  it("picks a swatch with the keyboard and keeps a colour that is not in the palette", async () => {
    const user = userEvent.setup();
    function Harness() {
      const [color, setColor] = useState("#123456");
      return (
        <>
          <ColorSwatchField label="Cor" value={color} onChange={setColor} swatches={["#F44336", "#2196F3"]} />
          <output>{color}</output>
        </>
      );
    }
    render(<Harness />);
    const picker = screen.getByRole("listbox", { name: "Cor" });
    const options = within(picker).getAllByRole("option");
    expect(options).toHaveLength(3);
    expect(options[0]?.getAttribute("aria-selected")).toBe("true");
    await user.tab();
    await user.keyboard("{ArrowRight}{ArrowRight}{Enter}");
    expect(screen.getByRole("status").textContent).toBe("#2196F3");
  });
});

describe("#ListPage", () => {
  it("gives the screen its h1, its buttons, its toolbar and a notice read as status", () => {
    render(
      <ListPage
        title="Contatos (3)"
        actions={<Button>Adicionar</Button>}
        toolbar={<SearchField label="Pesquisar" value="" onChange={() => {}} />}
        notice="Sem conexão"
      >
        <p>lista</p>
      </ListPage>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Contatos (3)" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Adicionar" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Sem conexão");
  });

  it("draws the add button after the screen's buttons and the search, labelled by its placeholder, before the filters", async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn();
    const onSearch = vi.fn();
    render(
      <ListPage
        title="Usuários"
        actions={<Button>Exportar</Button>}
        add={{ label: "Adicionar", onPress: onAdd, isDisabled: false, "data-testid": "users-add" }}
        search={{ label: "Pesquisar", value: "", onChange: onSearch, "data-testid": "users-search" }}
        toolbar={<Checkbox>Somente ativos</Checkbox>}
      >
        <p>lista</p>
      </ListPage>,
    );
    const buttons = screen.getAllByRole("button").map((b) => b.textContent);
    expect(buttons.indexOf("Adicionar")).toBeGreaterThan(buttons.indexOf("Exportar"));
    await user.click(screen.getByTestId("users-add"));
    expect(onAdd).toHaveBeenCalledOnce();
    const search = screen.getByRole("searchbox", { name: "Pesquisar" });
    expect(search.getAttribute("placeholder")).toBe("Pesquisar");
    expect(
      search.compareDocumentPosition(screen.getByRole("checkbox", { name: "Somente ativos" })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await user.type(search, "a");
    expect(onSearch).toHaveBeenCalledWith("a");
  });
});

describe("#ListBody", () => {
  const body = (items: string[] | null, online: boolean, failed = false) =>
    render(
      <ListBody items={items} online={online} failed={failed} empty={<p>Nada aqui</p>}>
        {(rows) => (
          <ul>
            {rows.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        )}
      </ListBody>,
    );

  it("spins while loading online, shows nothing offline or after a failure, then the empty state or the rows", () => {
    body(null, true);
    expect(screen.getByRole("progressbar")).toBeTruthy();
    cleanup();
    body(null, false);
    expect(screen.queryByRole("progressbar")).toBeNull();
    cleanup();
    body(null, true, true);
    expect(screen.queryByRole("progressbar")).toBeNull();
    cleanup();
    body([], true);
    expect(screen.getByText("Nada aqui")).toBeTruthy();
    cleanup();
    body(["um", "dois"], false);
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["um", "dois"]);
  });
});

describe("#NativeButton", () => {
  it("is a button pressed by click, Enter and Space, with the kit's variant", async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(
      <NativeButton variant="primary" onPress={onPress}>
        Tentar novamente
      </NativeButton>,
    );
    const button = screen.getByRole("button", { name: "Tentar novamente" });
    expect(button.getAttribute("type")).toBe("button");
    expect(button.dataset.variant).toBe("primary");
    await user.click(button);
    await user.keyboard("{Enter}");
    await user.keyboard(" ");
    expect(onPress).toHaveBeenCalledTimes(3);
  });
});
