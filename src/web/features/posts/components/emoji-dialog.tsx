import { Button, Modal, SimpleGrid, Tabs, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sixteen emojis in each of seven categories (spec section 9), each with the words a search finds it by
 * (English, as emoji pickers' keywords commonly are); "recent" holds the last six chosen, empty until then.
 */
const EMOJIS = {
  smileys:
    '😀 grin happy smile|😂 laugh tears joy|🥰 love hearts|😍 heart eyes love|😎 cool sunglasses|🤩 star struck wow|😊 blush smile|😇 angel halo|🙂 smile slight|😉 wink|🤔 think hmm|😴 sleep tired|😭 cry sob sad|😡 angry mad|🥳 party celebrate|🤗 hug',
  nature:
    '🌱 seedling plant grow|🌳 tree|🌸 blossom flower|🌻 sunflower flower|🌈 rainbow|☀️ sun sunny|🌙 moon night|⭐ star|🔥 fire hot lit|🌊 wave ocean sea|🐶 dog puppy|🐱 cat kitten|🦋 butterfly|🐝 bee honey|🍀 clover luck|❄️ snow winter',
  food: '🍎 apple fruit|🍕 pizza|🍔 burger hamburger|🍟 fries|🌮 taco|🍣 sushi|🍩 donut doughnut|🍪 cookie|🎂 cake birthday|🍫 chocolate|🍿 popcorn movie|🥗 salad|🍓 strawberry|🍇 grapes|☕ coffee tea|🍷 wine',
  activities:
    '⚽ soccer football|🏀 basketball|🎾 tennis|🏈 american football|🎮 game video|🎨 art paint|🎭 theatre theater|🎬 film movie clapper|🎤 microphone sing|🎧 headphones music|🎸 guitar music|🏆 trophy win|🥇 medal gold first|🚴 bike cycling|🏊 swim|🧘 yoga meditate',
  places:
    '🏠 house home|🏢 office building|🏖️ beach holiday|🏔️ mountain|🗽 liberty new york|🗼 tower tokyo|🏰 castle|🎡 ferris wheel fair|✈️ plane travel flight|🚗 car drive|🚆 train|🚀 rocket launch|⛵ sailboat|🗺️ map|🌍 earth world globe|🏙️ city skyline',
  objects:
    '📱 phone mobile|💻 laptop computer|📷 camera photo|🎁 gift present|📚 books read|✏️ pencil write|📌 pin|📎 paperclip|💡 idea bulb|🔑 key|⏰ alarm clock time|💼 briefcase work|🛒 cart shopping|📦 package box|🔔 bell notification|📣 megaphone announce',
  symbols:
    '❤️ heart red love|💙 heart blue|💚 heart green|💛 heart yellow|💜 heart purple|✅ check done yes|❌ cross no|⚠️ warning|💯 hundred perfect|✨ sparkles new|🔝 top|🆕 new|➡️ right arrow|⬆️ up arrow|🔗 link|#️⃣ hash number',
} as const;
type Category = keyof typeof EMOJIS;
const CATEGORIES = ['recent', ...(Object.keys(EMOJIS) as Category[])] as const;
/** Each emoji with its words, in the categories' order. */
const ALL = (Object.keys(EMOJIS) as Category[]).flatMap((c) =>
  EMOJIS[c].split('|').map((entry) => {
    const [emoji, ...words] = entry.split(' ');
    return { emoji: emoji!, words, category: c };
  }),
);
const RECENT_KEY = 'postwell.recentEmojis';

const readRecent = (): string[] => {
  try {
    const stored = JSON.parse(localStorage.getItem(RECENT_KEY) ?? 'null') as unknown;
    return Array.isArray(stored) && stored.every((e) => typeof e === 'string') ? stored.slice(0, 6) : [];
  } catch {
    return [];
  }
};

/**
 * Emojis: a search by word, or a category; choosing one hands it to the composer, remembers it in
 * "recent", and closes the dialog.
 */
export function EmojiDialog({ onPick, onClose }: { onPick: (emoji: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [recent] = useState(readRecent);
  const [query, setQuery] = useState('');
  const pick = (emoji: string) => {
    localStorage.setItem(
      RECENT_KEY,
      JSON.stringify([emoji, ...recent.filter((e) => e !== emoji)].slice(0, 6)),
    );
    onPick(emoji);
    onClose();
  };
  const grid = (emojis: readonly string[]) => (
    <SimpleGrid cols={8} spacing={4}>
      {emojis.map((emoji) => (
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
  );
  const needle = query.trim().toLowerCase();
  const found = needle
    ? ALL.filter((e) => e.words.some((w) => w.startsWith(needle))).map((e) => e.emoji)
    : [];
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('emoji.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ content: { minWidth: 350 } }}
      centered
    >
      <TextInput
        aria-label={t('emoji.search')}
        placeholder={t('emoji.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        mb="sm"
        data-autofocus
      />
      {needle ? (
        found.length ? (
          grid(found)
        ) : (
          <Text size="sm" c="dimmed" role="status">
            {t('emoji.none', { query: query.trim() })}
          </Text>
        )
      ) : (
        <Tabs defaultValue={recent.length ? 'recent' : 'smileys'}>
          <Tabs.List>
            {CATEGORIES.map((c) => (
              <Tabs.Tab key={c} value={c} px={8}>
                {t(`emoji.tabs.${c}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {CATEGORIES.map((c) => (
            <Tabs.Panel key={c} value={c} pt="sm">
              {c !== 'recent' ? (
                grid(ALL.filter((e) => e.category === c).map((e) => e.emoji))
              ) : recent.length ? (
                grid(recent)
              ) : (
                <Text size="sm" c="dimmed">
                  {t('emoji.noRecent')}
                </Text>
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Modal>
  );
}
