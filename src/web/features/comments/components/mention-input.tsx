import { Combobox, Textarea, useCombobox } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchingMembers, type Mentionable, mentionQueryAt } from './mention-text';

/**
 * A comment's text, where typing @ offers the workspace's members: choosing one writes `@Name ` and
 * remembers them (`onMention`), so that the comment tells them.
 */
export function MentionInput({
  value,
  onChange,
  onMention,
  members,
  label,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  onMention: (member: Mentionable) => void;
  members: Mentionable[];
  label: string;
  error?: string;
}) {
  const { t } = useTranslation();
  const combobox = useCombobox();
  const area = useRef<HTMLTextAreaElement | null>(null);
  const [typing, setTyping] = useState<{ start: number; query: string } | null>(null);
  const options = typing ? matchingMembers(members, typing.query) : [];

  const look = (text: string, caret: number) => {
    const found = mentionQueryAt(text, caret);
    setTyping(found);
    if (found && matchingMembers(members, found.query).length) combobox.openDropdown();
    else combobox.closeDropdown();
  };

  const choose = (userId: string) => {
    const member = members.find((m) => m.userId === userId);
    if (!member || !typing) return;
    const caret = typing.start + 1 + typing.query.length;
    const inserted = `@${member.name} `;
    const next = value.slice(0, typing.start) + inserted + value.slice(caret);
    onChange(next);
    onMention(member);
    setTyping(null);
    combobox.closeDropdown();
    const at = typing.start + inserted.length;
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(at, at);
    });
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose} position="bottom-start" withinPortal>
      <Combobox.Target>
        <Textarea
          ref={area}
          label={label}
          placeholder={t('comments.placeholder')}
          autosize
          minRows={2}
          maxRows={8}
          dir="auto"
          value={value}
          error={error}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            look(event.currentTarget.value, event.currentTarget.selectionStart);
          }}
          onClick={(event) => look(event.currentTarget.value, event.currentTarget.selectionStart)}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!options.length} aria-label={t('comments.mentionList')}>
        <Combobox.Options>
          {options.map((member) => (
            <Combobox.Option value={member.userId} key={member.userId}>
              {member.name}
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
