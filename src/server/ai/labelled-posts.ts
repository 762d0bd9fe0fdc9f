import type { InsightTone } from '../../shared/api/ai.schemas';

/**
 * A small hand-labelled set of short English posts for measuring the offline analysis: the sentiment a
 * reader would give each, and hashtags a social media manager would accept for it (any one of them in
 * the suggestions counts as a hit). Written for this test; not taken from any user.
 */
export interface LabelledPost {
  text: string;
  tone: InsightTone;
  /** Hashtags (without '#') a person would accept for the post: one among the suggestions is a hit. */
  tags: string[];
}

export const LABELLED_POSTS: LabelledPost[] = [
  {
    text: 'We are thrilled to welcome Maria to our design team! Great things ahead.',
    tone: 'Positive',
    tags: ['design', 'team'],
  },
  {
    text: 'Huge thanks to everyone who joined our charity run today. You were amazing!',
    tone: 'Positive',
    tags: ['charity', 'run'],
  },
  {
    text: 'Our new coffee blend is here and it tastes wonderful. Come try it!',
    tone: 'Positive',
    tags: ['coffee', 'blend'],
  },
  {
    text: 'Proud to announce we won the regional award for customer service.',
    tone: 'Positive',
    tags: ['award', 'service', 'customerservice'],
  },
  {
    text: 'Loving the sunshine at our rooftop garden this morning. Beautiful day!',
    tone: 'Positive',
    tags: ['garden', 'rooftop', 'sunshine'],
  },
  {
    text: 'Congratulations to our interns on finishing a fantastic summer program.',
    tone: 'Positive',
    tags: ['interns', 'internship', 'program'],
  },
  {
    text: 'Best bakery in town? We think so. Fresh croissants every morning, enjoy!',
    tone: 'Positive',
    tags: ['bakery', 'croissants'],
  },
  {
    text: 'Happy birthday to our founder! Thank you for the inspiration and kindness.',
    tone: 'Positive',
    tags: ['founder', 'birthday'],
  },
  {
    text: 'Excited to share our open source library just reached 10,000 stars!',
    tone: 'Positive',
    tags: ['opensource', 'library'],
  },
  {
    text: 'What a great turnout at the workshop. Thanks for the brilliant questions!',
    tone: 'Positive',
    tags: ['workshop', 'turnout'],
  },
  {
    text: 'Our volunteers planted 500 trees this weekend. So grateful for this community!',
    tone: 'Positive',
    tags: ['trees', 'volunteers', 'community'],
  },
  {
    text: 'The new release is faster and easier to use. We love how it turned out.',
    tone: 'Positive',
    tags: ['release'],
  },
  {
    text: 'Delighted to partner with the city library on a free reading program.',
    tone: 'Positive',
    tags: ['library', 'reading', 'program'],
  },
  {
    text: 'Our team had an awesome time at the hackathon. Creative ideas everywhere!',
    tone: 'Positive',
    tags: ['hackathon', 'team'],
  },
  {
    text: 'The office is closed on Monday for the public holiday.',
    tone: 'Neutral',
    tags: ['office', 'holiday'],
  },
  {
    text: 'Our quarterly report is now available on the website.',
    tone: 'Neutral',
    tags: ['report', 'website'],
  },
  {
    text: 'The webinar starts at 3 pm Central European Time on Thursday.',
    tone: 'Neutral',
    tags: ['webinar'],
  },
  {
    text: 'We are moving our warehouse to a new address next month.',
    tone: 'Neutral',
    tags: ['warehouse', 'address'],
  },
  { text: 'The store opens at 9 am and closes at 6 pm on weekdays.', tone: 'Neutral', tags: ['store'] },
  {
    text: 'Version 2.4 changes the default export format to CSV.',
    tone: 'Neutral',
    tags: ['version', 'format', 'csv'],
  },
  {
    text: 'The meeting notes from Tuesday are in the shared folder.',
    tone: 'Neutral',
    tags: ['meeting', 'notes'],
  },
  {
    text: 'Registration for the spring course closes on March 1.',
    tone: 'Neutral',
    tags: ['registration', 'course'],
  },
  { text: 'Our menu lists the allergens for each dish.', tone: 'Neutral', tags: ['menu', 'allergens'] },
  { text: 'The train schedule changes from Sunday onwards.', tone: 'Neutral', tags: ['train', 'schedule'] },
  {
    text: 'The survey has twelve questions and takes about ten minutes.',
    tone: 'Neutral',
    tags: ['survey', 'questions'],
  },
  {
    text: 'This article explains how the tax rules apply to freelancers.',
    tone: 'Neutral',
    tags: ['tax', 'freelancers', 'article'],
  },
  {
    text: 'Parking is available behind the building on Elm Street.',
    tone: 'Neutral',
    tags: ['parking', 'building'],
  },
  {
    text: 'We are sorry: the app is down and payments are failing. We are working on it.',
    tone: 'Negative',
    tags: ['app', 'payments'],
  },
  {
    text: 'Terrible weather has forced us to cancel the outdoor concert tonight.',
    tone: 'Negative',
    tags: ['concert', 'weather'],
  },
  {
    text: 'Shipping delays are awful this week. We apologise for the frustration.',
    tone: 'Negative',
    tags: ['shipping', 'delays'],
  },
  {
    text: 'Sad news: our beloved cafe on Main Street will close for good.',
    tone: 'Negative',
    tags: ['cafe'],
  },
  {
    text: 'The update broke login for some users. This is a bad mistake on our side.',
    tone: 'Negative',
    tags: ['update', 'login'],
  },
  {
    text: 'We are disappointed by the decision to cut funding for the library.',
    tone: 'Negative',
    tags: ['funding', 'library'],
  },
  {
    text: 'Our server outage caused painful data loss for a few customers. We failed you.',
    tone: 'Negative',
    tags: ['server', 'outage', 'data'],
  },
  {
    text: 'The recall affects batches of peanut butter due to a serious contamination risk.',
    tone: 'Negative',
    tags: ['recall', 'peanut', 'contamination'],
  },
  {
    text: 'Angry about the price hike? So are we. The supplier doubled the cost of paper.',
    tone: 'Negative',
    tags: ['price', 'supplier', 'paper'],
  },
  {
    text: 'Flooding damaged our warehouse and destroyed most of the stock.',
    tone: 'Negative',
    tags: ['warehouse', 'flooding', 'stock'],
  },
  {
    text: 'Hate waiting on hold? Our phone lines are overloaded and the wait is horrible.',
    tone: 'Negative',
    tags: ['phone', 'lines'],
  },
  {
    text: 'The festival was a disaster: long queues, broken toilets and no water.',
    tone: 'Negative',
    tags: ['festival', 'queues'],
  },
  {
    text: 'We regret the poor quality of the last shipment of chairs.',
    tone: 'Negative',
    tags: ['shipment', 'chairs', 'quality'],
  },
];
