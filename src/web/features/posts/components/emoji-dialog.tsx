import { Button, Modal, SimpleGrid, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Sixteen emojis in each of seven categories (spec section 9); "recent" holds the last six chosen. */
const EMOJIS = {
  smileys: '😀 😂 🥰 😍 😎 🤩 😊 😇 🙂 😉 🤔 😴 😭 😡 🥳 🤗',
  nature: '🌱 🌳 🌸 🌻 🌈 ☀️ 🌙 ⭐ 🔥 🌊 🐶 🐱 🦋 🐝 🍀 ❄️',
  food: '🍎 🍕 🍔 🍟 🌮 🍣 🍩 🍪 🎂 🍫 🍿 🥗 🍓 🍇 ☕ 🍷',
  activities: '⚽ 🏀 🎾 🏈 🎮 🎨 🎭 🎬 🎤 🎧 🎸 🏆 🥇 🚴 🏊 🧘',
  places: '🏠 🏢 🏖️ 🏔️ 🗽 🗼 🏰 🎡 ✈️ 🚗 🚆 🚀 ⛵ 🗺️ 🌍 🏙️',
  objects: '📱 💻 📷 🎁 📚 ✏️ 📌 📎 💡 🔑 ⏰ 💼 🛒 📦 🔔 📣',
  symbols: '❤️ 💙 💚 💛 💜 ✅ ❌ ⚠️ 💯 ✨ 🔝 🆕 ➡️ ⬆️ 🔗 #️⃣',
} as const;
const CATEGORIES = ['recent', ...(Object.keys(EMOJIS) as (keyof typeof EMOJIS)[])] as const;
const RECENT_KEY = 'postwell.recentEmojis';
const RECENT_DEFAULT = ['👍', '🎉', '🚀', '❤️', '😂', '🔥'];

const readRecent = (): string[] => {
  try {
    const stored = JSON.parse(localStorage.getItem(RECENT_KEY) ?? 'null') as unknown;
    return Array.isArray(stored) && stored.every((e) => typeof e === 'string')
      ? stored.slice(0, 6)
      : RECENT_DEFAULT;
  } catch {
    return RECENT_DEFAULT;
  }
};

/** Emojis: choosing one hands it to the composer, remembers it in "recent", and closes the dialog. */
export function EmojiDialog({ onPick, onClose }: { onPick: (emoji: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [recent] = useState(readRecent);
  const pick = (emoji: string) => {
    localStorage.setItem(
      RECENT_KEY,
      JSON.stringify([emoji, ...recent.filter((e) => e !== emoji)].slice(0, 6)),
    );
    onPick(emoji);
    onClose();
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('emoji.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ content: { minWidth: 350 } }}
      centered
    >
      <Tabs defaultValue="recent">
        <Tabs.List>
          {CATEGORIES.map((c) => (
            <Tabs.Tab key={c} value={c} px={8}>
              {t(`emoji.tabs.${c}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {CATEGORIES.map((c) => (
          <Tabs.Panel key={c} value={c} pt="sm">
            <SimpleGrid cols={8} spacing={4}>
              {(c === 'recent' ? recent : EMOJIS[c].split(' ')).map((emoji) => (
                <Button
                  key={emoji}
                  variant="subtle"
                  size="compact-lg"
                  px={0}
                  aria-label={emoji}
                  onClick={() => pick(emoji)}
                  fz={22}
                >
                  {emoji}
                </Button>
              ))}
            </SimpleGrid>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Modal>
  );
}
