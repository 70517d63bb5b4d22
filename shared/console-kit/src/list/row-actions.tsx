// A row's actions: the one or two main ones as buttons, the rest in a "⋯" menu. The menu opens
// on click or from the keyboard (Enter, Space or ArrowDown on "⋯"), arrows move between its
// items, Enter or Space acts, Escape closes and gives the focus back. Dangerous actions are red
// and keep their confirmation dialog, from a button as from the menu.
import { Button, Dropdown, Menu, Modal, Space } from '@arco-design/web-react';
import { IconMore } from '@arco-design/web-react/icon';
import { COMMON_NS } from '@switchyard/console-kit';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface RowActionConfirm {
  title: ReactNode;
  content?: ReactNode;
  okText?: string;
  cancelText?: string;
}

export interface RowAction {
  key: string;
  label: ReactNode;
  onClick?: () => void;
  /** Red; with `confirm` it is asked first (in a dialog). */
  danger?: boolean;
  /** Button colour of a main action that is not dangerous (enable/disable). */
  status?: 'warning' | 'success';
  disabled?: boolean;
  confirm?: RowActionConfirm;
  /** A whole control (a split button, a popover) shown instead of a plain button when main. */
  element?: ReactNode;
  testId?: string;
}

export interface RowActionsProps {
  /** In order of importance; `false`/`null` entries are skipped (actions a row does not offer). */
  actions: readonly (RowAction | false | null | undefined)[];
  /** How many of the first actions are buttons; the rest go in the "⋯" menu. */
  main?: number;
  /** `data-testid` of the "⋯" button. */
  testId?: string;
  size?: 'mini' | 'small';
}

const ITEM_SELECTOR = '[role="menuitem"]:not([tabindex="-1"])';

function MainButton({ action, size }: { action: RowAction; size: 'mini' | 'small' }) {
  if (action.element) return <>{action.element}</>;
  return (
    <Button
      size={size}
      status={action.danger ? 'danger' : action.status}
      disabled={action.disabled}
      onClick={() => run(action)}
      data-testid={action.testId}
    >
      {action.label}
    </Button>
  );
}

const menuItems = (menu: HTMLElement | null): HTMLElement[] => [
  ...(menu?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []),
];

function run(action: RowAction): void {
  if (action.disabled) return;
  if (!action.confirm) {
    action.onClick?.();
    return;
  }
  Modal.confirm({
    title: action.confirm.title,
    content: action.confirm.content,
    okText: action.confirm.okText,
    cancelText: action.confirm.cancelText,
    okButtonProps: action.danger ? { status: 'danger' } : undefined,
    onOk: () => action.onClick?.(),
  });
}

export function RowActions({ actions, main = 2, testId, size = 'mini' }: RowActionsProps) {
  const { t } = useTranslation(COMMON_NS);
  const shown = actions.filter((action): action is RowAction => Boolean(action));
  const buttons = shown.slice(0, main);
  const more = shown.slice(main);
  const [open, setOpen] = useState(false);
  // Found through the container: arco's Trigger reads its child's `ref`, which React 19 warns on.
  const box = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const items = () => menuItems(menu.current);
  const close = () => {
    setOpen(false);
    box.current?.querySelector<HTMLElement>('[aria-haspopup="menu"]')?.focus();
  };
  // The popup mounts after `open` turns true; the first item then takes the focus.
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => menuItems(menu.current)[0]?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      list[(at + step + list.length) % list.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      list[event.key === 'Home' ? 0 : list.length - 1]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      close();
    }
  };

  // Enter and Space act here, before the item's own Enter handling (which reads the legacy
  // keyCode) would run it a second time.
  const onMenuKeyCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    event.stopPropagation();
    (document.activeElement as HTMLElement | null)?.click();
  };

  const label = t('list.moreActions');
  return (
    <Space size={4} wrap className="sy-row-actions" ref={box}>
      {buttons.map((action) => (
        <MainButton key={action.key} action={action} size={size} />
      ))}
      {more.length > 0 ? (
        <Dropdown
          trigger="click"
          position="br"
          popupVisible={open}
          onVisibleChange={setOpen}
          droplist={
            <Menu
              ref={menu}
              aria-label={label}
              onKeyDown={onMenuKey}
              onKeyDownCapture={onMenuKeyCapture}
              onClickMenuItem={(key) => {
                const action = more.find((entry) => entry.key === key);
                close();
                if (action) run(action);
              }}
            >
              {more.map((action) => (
                <Menu.Item
                  key={action.key}
                  disabled={action.disabled}
                  aria-disabled={action.disabled || undefined}
                  className={action.danger ? 'sy-row-action-danger' : undefined}
                  style={action.danger ? { color: 'rgb(var(--danger-6))' } : undefined}
                  data-testid={action.testId}
                >
                  {action.label}
                </Menu.Item>
              ))}
            </Menu>
          }
        >
          <Button
            size={size}
            icon={<IconMore />}
            aria-label={label}
            aria-haspopup="menu"
            aria-expanded={open}
            title={label}
            data-testid={testId}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown' && !open) {
                event.preventDefault();
                setOpen(true);
              }
            }}
          />
        </Dropdown>
      ) : null}
    </Space>
  );
}
