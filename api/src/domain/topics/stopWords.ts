/**
 * English words that say nothing about a topic: function words, plus the words feeds and news prose use about
 * everything ("said", "new", "read more"). Matched after lower-casing, before plural folding.
 */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against ago all almost also although always am among an and another any anyone anything
  are aren't around as at away back be became because become becomes been before being below best better between
  big both but by came can can't cannot could couldn't day days did didn't do does doesn't doing don't done down
  during each early either else enough even ever every few first five for four from further get gets getting give
  given go goes going gone good got great had hadn't has hasn't have haven't having he he'd he'll he's her here
  here's hers herself high him himself his how how's however i i'd i'll i'm i've if in inside instead into is isn't
  it it's its itself just know known last late later least less let let's like likely little long look made make
  makes making many may maybe me might more most much must my myself near need needs never new next nine no none
  nor not now of off often old on once one only or other others our ours ourselves out over own part per perhaps
  please put quite rather read really right said same say says see seen seven several shall she she'd she'll she's
  should shouldn't show shows since six so some something still such take taken takes ten than that that's the
  their theirs them themselves then there there's these they they'd they'll they're they've thing things think
  this those though three through thus time times to today too took top toward two under until up upon us use used
  uses using very via want wants was wasn't way ways we we'd we'll we're we've week weeks well went were weren't
  what what's when when's where where's whether which while who who's whom whose why why's will with within without
  won't would wouldn't year years yes yet you you'd you'll you're you've your yours yourself yourselves
  http https www com org net html amp nbsp continue reading article articles post posts via image images photo
  click link links comments comment share shares update updates`.split(/\s+/),
);
