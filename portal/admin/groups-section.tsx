// 客户群: the client groups (table and the create / edit form with its live login-page preview; 删除
// after a confirmation, refused by the server while an app or a directory still names the group).
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ConsoleGroup } from '../../contract/endpoints/console.ts';
import { groupsStore } from './stores.ts';
import { GroupForm } from './group-form.tsx';
import { ListStatus } from './list-status.tsx';
import { focusHeading } from './focus.ts';
import { api, confirmAction } from './console-api.ts';
import { useAction } from './use-action.ts';
import { BusyButton } from './busy-button.tsx';

export function GroupsSection() {
  const state = useStore(groupsStore.$state);
  const [editing, setEditing] = useState<{ group: ConsoleGroup | null; key: number } | null>(null);
  const [savedNote, setSavedNote] = useState('');
  useEffect(() => groupsStore.ensure(), []);

  function open(group: ConsoleGroup | null) {
    setSavedNote('');
    setEditing({ group, key: Date.now() });
    focusHeading('group-form-title');
  }

  async function reload(code: string): Promise<ConsoleGroup | null> {
    await groupsStore.refresh();
    return groupsStore.$state.get().items?.find((g) => g.code === code) ?? null;
  }

  return (
    <>
      <h2 id="heading-groups" tabIndex={-1}>客户群</h2>
      <div className="toolbar">
        <button type="button" className="btn btn--primary" onClick={() => open(null)}>新建客户群</button>
        <span role="status" className="cell-note">{savedNote}</span>
      </div>
      {editing ? (
        <GroupForm
          key={editing.key}
          group={editing.group}
          onCancel={() => setEditing(null)}
          onSaved={(group) => {
            setEditing(null);
            setSavedNote(`已保存客户群 ${group.name}（${group.code}）`);
            void groupsStore.refresh();
          }}
          reload={() => reload(editing.group?.code ?? '')}
        />
      ) : null}
      <ListStatus state={state} retry={() => void groupsStore.refresh()} empty="还没有客户群。" />
      {state.items && state.items.length > 0 ? (
        <div className="table-wrap">
          <table className="table table--cards">
            <caption className="visually-hidden">客户群列表</caption>
            <thead>
              <tr>
                <th scope="col">代码</th>
                <th scope="col">名称</th>
                <th scope="col">域名</th>
                <th scope="col">属性</th>
                <th scope="col">排序</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {state.items.map((group) => (
                <GroupRow
                  key={group.code}
                  group={group}
                  onEdit={() => open(group)}
                  onRemoved={() => {
                    if (editing?.group?.code === group.code) setEditing(null);
                    setSavedNote(`已删除客户群 ${group.name}（${group.code}）`);
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}

function GroupRow({ group, onEdit, onRemoved }: { group: ConsoleGroup; onEdit(): void; onRemoved(): void }) {
  const remove = useAction();
  async function removeGroup() {
    const question = `删除客户群“${group.name}”（${group.code}）？该客户群的应用卡片和成员关系将一并删除，此操作不能撤销。`;
    if (!(await confirmAction(question, '删除'))) return;
    const done = await remove.run(() => api.post('/console/groups/remove', { json: { code: group.code }, quiet: true }).then(() => true));
    if (!done) return;
    onRemoved();
    void groupsStore.refresh();
  }
  return (
    <tr>
      <th scope="row" data-label="代码"><code>{group.code}</code></th>
      <td data-label="名称">{group.name}</td>
      <td className="cell-url" data-label="域名">{group.domains.join('、') || '—'}</td>
      <td data-label="属性">
        {group.isDefault ? <span className="badge badge--on">默认</span> : null}
        {group.staffOnly ? <span className="badge">仅员工</span> : null}
        {group.theme ? <span className="badge">自定义外观</span> : null}
      </td>
      <td data-label="排序">{group.sortOrder}</td>
      <td data-label="操作">
        <div className="row-actions">
          <button type="button" className="btn btn--link" onClick={onEdit} aria-label={`编辑客户群 ${group.name}`}>编辑</button>
          <BusyButton variant="link" className="btn--danger-text" busy={remove.busy} onClick={removeGroup} aria-label={`删除客户群 ${group.name}`}>删除</BusyButton>
        </div>
        {remove.error ? <p className="form-error" role="alert">{remove.error}</p> : null}
      </td>
    </tr>
  );
}
