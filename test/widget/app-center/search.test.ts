// The search box of <app-center>: filters by name and description as you type, Enter opens the
// only match, no match shows its own empty state with a way back.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { waitFor } from '../support/helpers.ts';
import { scriptApi, type ScriptedApi } from './scripted-api.ts';
import { cards, mountAppCenter, recordWindowOpen, signedInRoutes, waitForCards, type Mounted } from './fixtures.ts';

function titles(root: ShadowRoot): string[] {
  return cards(root).map((card) => card.querySelector('.card-title')?.textContent ?? '');
}

describe('<app-center> search', () => {
  let api: ScriptedApi;
  let mounted: Mounted;
  let windows: ReturnType<typeof recordWindowOpen>;
  let input: HTMLInputElement;

  beforeEach(async () => {
    windows = recordWindowOpen();
    api = scriptApi(signedInRoutes());
    mounted = mountAppCenter();
    await waitForCards(mounted.root, 3);
    input = mounted.root.querySelector<HTMLInputElement>('input[type="search"]')!;
  });
  afterEach(() => {
    mounted.remove();
    api.restore();
    windows.restore();
  });

  it('is labelled and enabled once the apps are there', () => {
    expect(input.disabled).to.equal(false);
    expect(mounted.root.querySelector(`label[for="${input.id}"]`)?.textContent).to.equal('搜索应用');
    expect(input.placeholder).to.equal('搜索应用名称或描述');
  });

  it('filters by name as the user types, ignoring case and full-width letters', async () => {
    input.focus();
    await sendKeys({ type: 'ｃｒｍ' });
    await waitFor(() => titles(mounted.root).length === 1);
    expect(titles(mounted.root)).to.deep.equal(['CRM 客户关系']);
    expect(mounted.root.querySelector('.result-count')?.textContent).to.equal('找到 1 个应用（共 3 个）');
  });

  it('filters by description too', async () => {
    input.focus();
    await sendKeys({ type: '工单' });
    await waitFor(() => titles(mounted.root).length === 1);
    expect(titles(mounted.root)).to.deep.equal(['售后服务平台']);
  });

  it('Enter opens the only match in a new window', async () => {
    input.focus();
    await sendKeys({ type: '库存' });
    await waitFor(() => titles(mounted.root).length === 1);
    await sendKeys({ press: 'Enter' });
    expect(windows.opened).to.deep.equal([['https://dms.example.com/sso?ticket=1', '_blank', 'noopener']]);
  });

  it('Enter does nothing while several apps match', async () => {
    input.focus();
    await sendKeys({ type: '系' });
    await waitFor(() => titles(mounted.root).length === 2);
    await sendKeys({ press: 'Enter' });
    expect(windows.opened).to.deep.equal([]);
  });

  it('no match: says so with the query, and 清空搜索 brings every card back', async () => {
    input.focus();
    await sendKeys({ type: '财务' });
    const empty = await waitFor(() => mounted.root.querySelector('[part="empty-state"]'));
    expect(empty.querySelector('.empty-title')?.textContent).to.equal('没有找到与“财务”相关的应用');
    mounted.root.querySelector<HTMLButtonElement>('[part="clear-search"]')!.click();
    await waitFor(() => titles(mounted.root).length === 3);
    expect(input.value).to.equal('');
  });

  it('Escape clears the search', async () => {
    input.focus();
    await sendKeys({ type: '工单' });
    await waitFor(() => titles(mounted.root).length === 1);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => titles(mounted.root).length === 3);
    expect(input.value).to.equal('');
  });
});
