// The console's form skeleton (portal/admin/console-form.tsx), seen through a real form of it (the
// 客户群 form): the busy state, the 409 "changed by someone else" answer with its reload, and that
// neither the form's own checks nor a refusal lose what was typed. The save travels through the
// console's real request client over HTTP; only its answer is scripted (the runner's /__test/reply).
import { expect } from '@open-wc/testing';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import type { ConsoleGroup } from '../../../contract/endpoints/console.ts';
import { GroupForm } from '../../../portal/admin/group-form.tsx';
import { replyBase, waitFor } from '../support/helpers.ts';

const SAVE_PATH = '/api/console/groups/save';

interface Answer {
  status: number;
  body: unknown;
  gate?: Promise<void>;
}

/** Sends each save to the runner's scripted reply, in order; records the request bodies. */
function scriptSaves(answers: Answer[]): { bodies: Array<Record<string, unknown>>; restore(): void } {
  const realFetch = window.fetch;
  const bodies: Array<Record<string, unknown>> = [];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (url.pathname !== SAVE_PATH) return realFetch(input, init);
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    const answer = answers.shift();
    if (!answer) throw new Error('an unexpected save');
    if (answer.gate) await answer.gate;
    return realFetch(`${replyBase(answer.status, answer.body)}/save`, init);
  };
  return { bodies, restore: () => { window.fetch = realFetch; } };
}

const group = (changes: Partial<ConsoleGroup> = {}): ConsoleGroup => ({
  code: 'sales', name: '销售', domains: ['sales.example.com'], domainUrl: null, staffOnly: false, requireMfa: false,
  isDefault: false, callbackOrigins: [], theme: null, sortOrder: 0, updatedAt: 1000, ...changes,
});

const CONFLICT_TEXT = '该记录已被其他管理员修改，请刷新后再改';
const conflict = { status: 409, body: { code: 'AU00603', errorCode: 'AU00603', msg: CONFLICT_TEXT, data: null } };
const saved = (row: ConsoleGroup) => ({ status: 200, body: { code: 200, msg: 'success', data: row } });

describe('console form skeleton', () => {
  let host: HTMLElement;
  let root: Root;
  let script: { bodies: Array<Record<string, unknown>>; restore(): void } | null = null;
  let savedRows: ConsoleGroup[];
  let reloads: number;

  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    savedRows = [];
    reloads = 0;
  });
  afterEach(() => {
    root.unmount();
    host.remove();
    script?.restore();
    script = null;
  });

  function render(row: ConsoleGroup | null, reloaded: ConsoleGroup | null = null): void {
    flushSync(() => root.render(
      <GroupForm
        group={row}
        onSaved={(savedRow) => savedRows.push(savedRow)}
        onCancel={() => undefined}
        reload={async () => { reloads += 1; return reloaded; }}
      />,
    ));
  }

  const input = (label: string) => {
    const labelElement = [...host.querySelectorAll('label')].find((l) => l.textContent === label)!;
    return host.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#${CSS.escape(labelElement.htmlFor)}`)!;
  };
  const submitButton = () => host.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const cancelButton = () => [...host.querySelectorAll('button')].find((b) => b.textContent === '取消')!;
  const alertText = () => host.querySelector('[role="alert"]')!.textContent ?? '';
  const reloadOffer = () => [...host.querySelectorAll('button')].find((b) => b.textContent === '重新加载最新内容（放弃本次修改）') ?? null;

  /** Types as a person does: React sees the input event. */
  function type(label: string, text: string): void {
    const field = input(label);
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!;
    setter.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }

  it('is busy while the save runs: the button waits, cannot be pressed twice, and 取消 waits too', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    const answer = group({ name: '销售部', updatedAt: 2000 });
    script = scriptSaves([{ ...saved(answer), gate }]);
    render(group());
    type('名称', '销售部');
    submitButton().click();
    await waitFor(() => submitButton().getAttribute('aria-busy') === 'true');
    expect(submitButton().disabled).to.equal(true);
    expect(submitButton().textContent).to.equal('正在保存…');
    expect(cancelButton().disabled).to.equal(true);
    submitButton().click();
    host.querySelector('form')!.requestSubmit();
    open();
    await waitFor(() => savedRows.length === 1);
    expect(script.bodies).to.have.length(1);
    expect(script.bodies[0]).to.include({ code: 'sales', name: '销售部', expectedUpdatedAt: 1000 });
    expect(savedRows[0]).to.deep.equal(answer);
    await waitFor(() => submitButton().getAttribute('aria-busy') === 'false');
    expect(submitButton().textContent).to.equal('保存修改');
  });

  it('409: shows the refusal with the reload offer and keeps what was typed; the reload puts the current row in', async () => {
    const current = group({ name: '销售（别人改的）', updatedAt: 3000 });
    script = scriptSaves([conflict, saved(group({ name: '销售（别人改的）', updatedAt: 4000 }))]);
    render(group(), current);
    type('名称', '我的改动');
    submitButton().click();
    await waitFor(() => reloadOffer());
    expect(alertText()).to.contain(CONFLICT_TEXT);
    expect(input('名称').value).to.equal('我的改动');
    expect(savedRows).to.have.length(0);
    reloadOffer()!.click();
    await waitFor(() => input('名称').value === '销售（别人改的）');
    expect(reloads).to.equal(1);
    expect(reloadOffer()).to.equal(null);
    expect(alertText()).to.equal('');
    // The next save is based on the version just read.
    submitButton().click();
    await waitFor(() => savedRows.length === 1);
    expect(script.bodies[1]).to.include({ expectedUpdatedAt: 3000 });
  });

  it('409 and the row is gone: the reload says so', async () => {
    script = scriptSaves([conflict]);
    render(group(), null);
    submitButton().click();
    (await waitFor(() => reloadOffer())).click();
    await waitFor(() => alertText().includes('该客户群已不存在'));
  });

  it('the form\'s own checks send nothing and keep the field errors and what was typed; a refusal keeps them too', async () => {
    script = scriptSaves([{ status: 400, body: { code: 'AU00604', errorCode: 'AU00604', msg: '域名已被使用', data: null } }]);
    render(null);
    type('代码', 'Bad Code');
    type('排序', '');
    submitButton().click();
    await waitFor(() => host.querySelector('.field__error'));
    const errors = [...host.querySelectorAll('.field__error')].map((p) => p.textContent);
    expect(errors).to.deep.equal(['代码只能包含小写英文字母、数字和短横线，最多 32 位', '请输入客户群名称', '排序须为 0 到 100000 之间的整数']);
    expect(input('代码').value).to.equal('Bad Code');
    expect(script.bodies).to.have.length(0);
    await waitFor(() => document.activeElement === input('代码'));

    type('代码', 'dealers');
    type('名称', '经销商');
    type('排序', '5');
    submitButton().click();
    await waitFor(() => alertText().includes('域名已被使用'));
    expect(script.bodies[0]).to.include({ code: 'dealers', name: '经销商', sortOrder: 5, expectedUpdatedAt: null });
    expect(input('代码').value).to.equal('dealers');
    expect(input('名称').value).to.equal('经销商');
    expect(reloadOffer()).to.equal(null);
    expect(submitButton().disabled).to.equal(false);
    expect(savedRows).to.have.length(0);
  });
});
