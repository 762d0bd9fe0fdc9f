import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Platform } from '../../../../../shared/platforms/rules';
import { FOLDS, foldText } from './fold';
import classes from './network-post.module.css';

// What every network turns into a link: addresses, hashtags and mentions.
const LINKY = /(https?:\/\/\S+|www\.\S+|#[\p{L}\p{N}_]+|@[\p{L}\p{N}_.]+)/gu;
// X and Bluesky show an address without its scheme, cut after this many characters.
const SHORT_URL = 26;

function shown(platform: Platform, token: string) {
  if ((platform !== 'twitter' && platform !== 'bluesky') || !/^(https?:\/\/|www\.)/.test(token)) return token;
  const bare = token.replace(/^https?:\/\//, '');
  return bare.length > SHORT_URL ? `${bare.slice(0, SHORT_URL)}…` : bare;
}

function Linkified({ platform, text }: { platform: Platform; text: string }) {
  return text.split(LINKY).map((part, i) =>
    i % 2 ? (
      <span key={i} className={classes.link}>
        {shown(platform, part)}
      </span>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

/**
 * The post's text as the feed lays it out: links in the network's colour and, past the network's fold,
 * its own "see more", which opens the rest as it does there.
 */
export function PostText({ platform, text, lead }: { platform: Platform; text: string; lead?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const head = open ? null : foldText(text, FOLDS[platform]);
  return (
    <p className={classes.text} dir="auto">
      {lead && <strong>{lead} </strong>}
      <Linkified platform={platform} text={head ?? text} />
      {head !== null && (
        <button type="button" className={classes.more} onClick={() => setOpen(true)}>
          {t(`networkPreview.seeMore.${platform}`)}
        </button>
      )}
    </p>
  );
}
