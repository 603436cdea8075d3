from portolan.cli import main

main()
