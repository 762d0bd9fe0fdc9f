import type { Platform } from '../../shared/platforms/rules';
import type { LabelledPost } from './labelled-posts';

/**
 * A held-out set for the offline analysis: posts written after its thresholds and keyword rules were
 * chosen on `labelled-posts.ts`, and never used to choose anything. They are meant to read like real
 * posts (the network they would go to, emoji, a link, a hashtag of their own, mixed feelings, a
 * complaint written calmly), not like the tuning set's one-line examples. `tone` is what a reader would
 * say; `tags` are hashtags a social media manager would accept for the post, words from the text or not
 * (#smallbusiness for a shop's post), without those the post already carries.
 */
export const HELD_OUT_POSTS: (LabelledPost & { network: Platform })[] = [
  // Positive
  {
    network: 'linkedin',
    text: 'After 18 months of late nights, our team shipped the new onboarding flow. Activation is up 23% and support tickets are down. Proud of every person who made this happen.',
    tone: 'Positive',
    tags: ['onboarding', 'productdesign', 'ux', 'saas', 'teamwork', 'startup'],
  },
  {
    network: 'twitter',
    text: 'Just tried the new ramen place on 5th street and wow. Rich broth, perfect noodles, friendly staff. Already planning my next visit 🍜',
    tone: 'Positive',
    tags: ['ramen', 'foodie', 'food', 'restaurant', 'noodles'],
  },
  {
    network: 'instagram',
    text: "Golden hour on the coast never gets old 🌅 Swipe for the full set from last night's shoot.",
    tone: 'Positive',
    tags: ['goldenhour', 'sunset', 'photography', 'coast', 'landscape'],
  },
  {
    network: 'facebook',
    text: 'Our little bookshop turns 10 today! Thank you to every reader who walked through the door. Cake and 10% off all weekend.',
    tone: 'Positive',
    tags: ['bookshop', 'books', 'bookstore', 'smallbusiness', 'shoplocal', 'anniversary'],
  },
  {
    network: 'bluesky',
    text: "Finally got my sourdough starter to behave. First loaf with a proper open crumb. I'm unreasonably happy about this.",
    tone: 'Positive',
    tags: ['sourdough', 'baking', 'bread', 'homebaking'],
  },
  {
    network: 'tiktok',
    text: 'POV: your dog sees the beach for the first time 🐶🌊 his zoomies made my whole week',
    tone: 'Positive',
    tags: ['dog', 'dogs', 'dogsoftiktok', 'beach', 'puppy', 'pets'],
  },
  {
    network: 'linkedin',
    text: "Thrilled to share that I've accepted a role as Senior Data Engineer at Northwind. Grateful to my mentors and excited for what's next.",
    tone: 'Positive',
    tags: ['newjob', 'career', 'dataengineering', 'data'],
  },
  {
    network: 'instagram',
    text: 'Marathon #3 done ✅ Shaved 6 minutes off my personal best. Legs are wrecked but my heart is full.',
    tone: 'Positive',
    tags: ['marathon', 'running', 'runner', 'fitness', 'personalbest'],
  },
  {
    network: 'facebook',
    text: 'Huge thank you to the volunteers who cleaned up Riverside Park this morning. 42 bags of litter gone!',
    tone: 'Positive',
    tags: ['volunteers', 'volunteering', 'community', 'cleanup', 'park', 'environment'],
  },
  {
    network: 'twitter',
    text: 'Our open beta is live! Sign up today and help us shape the product. Feedback welcome.',
    tone: 'Positive',
    tags: ['beta', 'launch', 'startup', 'product', 'saas'],
  },
  {
    network: 'bluesky',
    text: "The local library's new maker space is brilliant: 3D printers, sewing machines, and free classes for kids.",
    tone: 'Positive',
    tags: ['library', 'makerspace', '3dprinting', 'community', 'kids'],
  },
  {
    network: 'tiktok',
    text: "Trying the viral whipped coffee recipe and honestly it's delicious ☕ 3 ingredients, 5 minutes. #coffeetok",
    tone: 'Positive',
    tags: ['coffee', 'recipe', 'whippedcoffee', 'dalgona', 'food', 'foodtok'],
  },
  {
    network: 'linkedin',
    text: 'We closed our Series A! $12M to help clinics cut paperwork so nurses can spend more time with patients.',
    tone: 'Positive',
    tags: ['seriesa', 'funding', 'startup', 'healthcare', 'healthtech', 'venturecapital'],
  },
  // Neutral
  {
    network: 'twitter',
    text: 'Reminder: the API v1 endpoints will be retired on June 30. Migration guide: https://example.com/docs/migrate',
    tone: 'Neutral',
    tags: ['api', 'developers', 'migration', 'devops'],
  },
  {
    network: 'linkedin',
    text: "We're hiring a part-time bookkeeper for our Leeds office. 20 hours a week, hybrid. Details in the link.",
    tone: 'Neutral',
    tags: ['hiring', 'jobs', 'bookkeeping', 'accounting', 'leeds', 'jobsearch'],
  },
  {
    network: 'facebook',
    text: 'The farmers market moves to the school car park from next Saturday while the square is resurfaced.',
    tone: 'Neutral',
    tags: ['farmersmarket', 'market', 'local', 'community'],
  },
  {
    network: 'instagram',
    text: 'New autumn menu lands on Thursday. Pumpkin soup, mushroom risotto and apple crumble.',
    tone: 'Neutral',
    tags: ['autumn', 'fall', 'menu', 'food', 'restaurant', 'seasonal'],
  },
  {
    network: 'bluesky',
    text: 'Reading list for this week: two papers on transformer efficiency and one on sparse attention.',
    tone: 'Neutral',
    tags: ['machinelearning', 'ai', 'research', 'nlp', 'deeplearning'],
  },
  {
    network: 'tiktok',
    text: 'How to fold a fitted sheet in 30 seconds. Step by step below.',
    tone: 'Neutral',
    tags: ['cleaning', 'cleantok', 'lifehacks', 'laundry', 'homehacks', 'tips'],
  },
  {
    network: 'twitter',
    text: 'Polls close at 10 pm tonight. Check your polling station on the council website.',
    tone: 'Neutral',
    tags: ['election', 'elections', 'vote', 'polling'],
  },
  {
    network: 'linkedin',
    text: 'Our Q3 results call is on 24 October at 14:00 GMT. Dial-in details are on the investor page.',
    tone: 'Neutral',
    tags: ['investors', 'investorrelations', 'earnings', 'q3', 'finance'],
  },
  {
    network: 'facebook',
    text: 'Bin collection this week will be on Friday instead of Thursday because of the bank holiday.',
    tone: 'Neutral',
    tags: ['bincollection', 'recycling', 'bankholiday', 'council', 'community'],
  },
  {
    network: 'instagram',
    text: "Behind the scenes of today's shoot: 3 lights, 1 backdrop, 200 photos.",
    tone: 'Neutral',
    tags: ['behindthescenes', 'bts', 'photography', 'photoshoot', 'studio'],
  },
  {
    network: 'bluesky',
    text: 'The river level at the north gauge is 2.1 metres this morning.',
    tone: 'Neutral',
    tags: ['river', 'riverlevel', 'flood', 'weather'],
  },
  {
    network: 'linkedin',
    text: 'Thinking about switching CI providers. What are teams using for monorepos with 200+ packages?',
    tone: 'Neutral',
    tags: ['ci', 'cicd', 'devops', 'monorepo', 'softwareengineering'],
  },
  // Negative
  {
    network: 'twitter',
    text: "Third delayed train this week and not a single announcement. Commuting shouldn't be this stressful.",
    tone: 'Negative',
    tags: ['commute', 'trains', 'delays', 'transport', 'publictransport'],
  },
  {
    network: 'facebook',
    text: "We're heartbroken to share that Biscuit, our shop cat of 14 years, passed away last night.",
    tone: 'Negative',
    tags: ['rip', 'shopcat', 'cat', 'cats', 'pets'],
  },
  {
    network: 'linkedin',
    text: "Today we had to let go of 30 colleagues. It's the hardest decision we've made and I take full responsibility.",
    tone: 'Negative',
    tags: ['layoffs', 'leadership', 'startup', 'jobs'],
  },
  {
    network: 'instagram',
    text: "Ordered a custom cake for my daughter's birthday and it arrived smashed and two hours late. Really upset.",
    tone: 'Negative',
    tags: ['cake', 'birthday', 'bakery', 'delivery', 'customerservice'],
  },
  {
    network: 'bluesky',
    text: 'The new update drains my battery in four hours. Please roll it back.',
    tone: 'Negative',
    tags: ['battery', 'update', 'android', 'ios', 'smartphone', 'tech'],
  },
  {
    network: 'tiktok',
    text: "Storytime: my landlord kept my whole deposit for a 'dirty oven'. Never renting from him again.",
    tone: 'Negative',
    tags: ['storytime', 'landlord', 'renting', 'renters', 'tenant'],
  },
  {
    network: 'twitter',
    text: "Our checkout is failing for some customers right now. We're investigating and will post updates here.",
    tone: 'Negative',
    tags: ['outage', 'incident', 'status', 'checkout', 'ecommerce'],
  },
  {
    network: 'facebook',
    text: 'Vandals smashed the windows of the community centre overnight. Youth club is cancelled until repairs are done.',
    tone: 'Negative',
    tags: ['vandalism', 'community', 'communitycentre', 'youthclub'],
  },
  {
    network: 'linkedin',
    text: "Unpopular opinion: most 'thought leadership' posts here are recycled clichés with no substance.",
    tone: 'Negative',
    tags: ['thoughtleadership', 'linkedin', 'contentmarketing', 'marketing', 'socialmedia'],
  },
  {
    network: 'instagram',
    text: 'Not our best week. Two batches of candles cracked in the cold and we lost a whole order. #smallbusiness',
    tone: 'Negative',
    tags: ['candles', 'candlemaking', 'handmade', 'shopsmall'],
  },
  {
    network: 'bluesky',
    text: "I can't believe the city is cutting the night bus routes. Shift workers will be stranded.",
    tone: 'Negative',
    tags: ['nightbus', 'bus', 'transport', 'publictransport', 'city'],
  },
];
