/**
 * English function words and the boilerplate of scientific abstracts ("we propose", "in this paper"), dropped
 * before stemming: they say nothing of a field, and in every abstract they would only blur the profiles.
 * A short list on purpose (decision 0069): inverse document frequency already weighs common words down.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also although am an and any are as at be because been before being ' +
    'below between both but by can could did do does doing done down during each either else etc even ever ' +
    'every few for from further had has have having he her here hers him his how however i if in into is it ' +
    'its itself just least less let like many may me might more most much must my neither no nor not now of ' +
    'off often on once one only or other others our ours out over own per rather same several she should ' +
    'since so some such than that the their theirs them then there therefore these they this those though ' +
    'through thus to too under until up upon us use used uses using very via was we well were what when where ' +
    'whether which while who whom whose why will with within without would yet you your ' +
    // the boilerplate of abstracts
    'paper papers propose proposed proposes present presents presented show shows shown study studies ' +
    'approach approaches method methods result results work works new novel based first two three also ' +
    'provide provides demonstrate demonstrates significantly significant existing various different ' +
    'able allow allows achieve achieves et al e g eg ie'
  ).split(' '),
);
