"""Animal words: the closed class a pet is said with ("my kelpie Bindi", "mój kot Mruczek").

Species, common breeds, and the words for cat and dog that people mix into
English, as one regex alternation (case-insensitive where used). Read by the pet
readers of :mod:`.values`, :mod:`.pick` and :mod:`.whose`.
"""

from __future__ import annotations

__all__ = ["SPECIES"]

SPECIES = (
    r"cat|dog|puppy|kitten|rabbit|bunny|hamster|parrot|bird|fish|turtle|tortoise|snake|lizard|"
    r"guinea pig|ferret|horse|pony|beagle|labrador|poodle|terrier|retriever|spaniel|husky|"
    r"budgie|gecko|chinchilla|rat|mouse|goldfish|pug|corgi|collie|shepherd|canary|cockatiel|"
    r"cockatoo|parakeet|lovebird|finch|sparrow|axolotl|iguana|hedgehog|degu|gerbil|"
    r"greyhound|whippet|lurcher|dachshund|sausage dog|schnauzer|chihuahua|bulldog|dalmatian|"
    r"heeler|kelpie|spitz|shiba|akita|samoyed|malamute|rottweiler|doberman|mastiff|setter|"
    r"pointer|springer|cockapoo|labradoodle|cavapoo|moggy|tabby|hen|chicken|goat|donkey|"
    r"alpaca|lamb|duck|tarantula|koi|betta|"
    # ... and the words for cat and dog people mix into English ("mój kot Mruczek")
    r"kot|kotka|pies|perro|perrita|perrito|gato|gata|gatito|chien|chienne|chat|chatte|hund|"
    r"katze|kater|hond|cane|gatto|aso|pusa|kutta|billi|köpek|kedi|kucing|anjing"
)
